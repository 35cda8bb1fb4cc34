import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mainRedirectSchema, menuItemSchema, redirectSchema, type MenuItem } from '../../../src/contract/schemas/browse-schema.ts';
import { requiredText } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { sendCachedAnswer } from './cached-answer.ts';
import { SiteNavigationRepository, type MenuItemRecord } from './site-navigation-repository.ts';

const redirectQuerySchema = z.strictObject({
  path: requiredText(2048).regex(/^\//, 'must be a path starting with /'),
});

/** The site's menu and its old addresses (redirects), as the catalogue site's front end asks for them. */
export function siteNavigationRoutes(app: FastifyInstance, deps: BrowseDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { browseCache: cache } = deps;
  const navigation = new SiteNavigationRepository(deps.db);

  api.get('/menu', {
    schema: { summary: 'The site\'s menu: top-level items in order, each with its sub-items', response: { 200: z.array(menuItemSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, 'menu', async () => menuTree(await navigation.menuItems())));

  api.get('/redirect-info', {
    schema: {
      summary: 'Where an old address of the site now lives',
      description: '404 when the path has no redirect (it is served as it is).',
      querystring: redirectQuerySchema,
      response: { 200: redirectSchema },
      errors: [404],
    },
  }, async (request, reply) => {
    const { path } = request.query;
    return sendCachedAnswer(request, reply, cache, `redirect:${path}`, () => navigation.redirectFrom(path), `no redirect for ${path}`);
  });

  api.get('/main-redirect-info', {
    schema: {
      summary: 'The home page\'s redirect, if it has one',
      description: 'Asked on every visit of the home page, so "none" is an ordinary answer: `{ "redirect": null }`.',
      response: { 200: mainRedirectSchema },
    },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, 'main-redirect', async () => ({ redirect: await navigation.mainRedirect() })));
}

/** Items under their parents, each level in position order (the rows come sorted). */
function menuTree(rows: readonly MenuItemRecord[]): MenuItem[] {
  const items = new Map(rows.map((row) => [row.id, { id: row.id, title: row.title, url: row.url, children: [] as MenuItem[] }]));
  const roots: MenuItem[] = [];
  for (const row of rows) {
    const item = items.get(row.id);
    const parent = row.parentId === null ? undefined : items.get(row.parentId);
    if (item) (parent ? parent.children : roots).push(item);
  }
  return roots;
}
