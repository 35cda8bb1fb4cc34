import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { personContentsSchema, personPageSchema, personsBodySchema, personTypeSchema } from '../../../src/contract/schemas/browse-schema.ts';
import { idParamsSchema } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { loadContentCards } from '../content-cards.ts';
import { pageQuerySchema, slugParamsSchema } from './browse-requests.ts';
import { found, sendCachedAnswer } from './cached-answer.ts';

interface PersonRow {
  id: number;
  slug: string;
  name: string;
  original_name: string;
  birth_year: number | null;
  photo_path: string | null;
  contents_count: number;
}

const toPerson = (row: PersonRow) => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  originalName: row.original_name,
  birthYear: row.birth_year,
  photoUrl: row.photo_path,
  contentsCount: row.contents_count,
});

/** `%`, `_` and `\` match themselves in a LIKE pattern built from a viewer's text. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Person types, the people of one type (most credited first, searchable by name), a person's contents. */
export function peopleRoutes(app: FastifyInstance, deps: BrowseDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, browseCache: cache } = deps;

  api.get('/person-types', {
    schema: { summary: 'Kinds of credit (directors, actors, …) with how many people have each', response: { 200: z.array(personTypeSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, 'person-types', async () => (await db.query<{ id: number; slug: string; title: string; persons_count: number }>(
    `SELECT pt.id, pt.slug, pt.title,
       (SELECT count(DISTINCT cp.person_id)::int FROM content_persons cp WHERE cp.person_type_id = pt.id) AS persons_count
     FROM person_types pt ORDER BY pt.position, pt.id`,
  )).map(({ persons_count, ...type }) => ({ ...type, personsCount: persons_count }))));

  api.post('/person-types/:slug/persons', {
    schema: {
      summary: 'People credited in one role, most contents first',
      description: '`query` keeps the names (Russian or original) that contain it, case aside. contentsCount counts the contents in this role.',
      params: slugParamsSchema,
      body: personsBodySchema,
      response: { 200: personPageSchema },
      errors: [404],
    },
  }, async (request) => {
    const { slug } = request.params;
    const { page, pageSize, query } = request.body;
    const [type] = await db.query<{ id: number }>('SELECT id FROM person_types WHERE slug = $1', [slug]);
    const typeId = found(type ?? null, `person type ${slug} not found`).id;
    const pattern = query ? `%${likeEscaped(query)}%` : null;
    const credited = `FROM content_persons cp JOIN persons p ON p.id = cp.person_id
      WHERE cp.person_type_id = $1 AND ($2::text IS NULL OR p.name ILIKE $2 OR p.original_name ILIKE $2)`;
    const [counted] = await db.query<{ total: number }>(`SELECT count(DISTINCT p.id)::int AS total ${credited}`, [typeId, pattern]);
    const rows = await db.query<PersonRow>(
      `SELECT p.id, p.slug, p.name, p.original_name, p.birth_year, p.photo_path, count(*)::int AS contents_count ${credited}
       GROUP BY p.id ORDER BY contents_count DESC, p.id LIMIT $3 OFFSET $4`,
      [typeId, pattern, pageSize, (page - 1) * pageSize],
    );
    return { items: rows.map(toPerson), total: counted?.total ?? 0, page, pageSize };
  });

  api.get('/persons/:id/contents', {
    schema: {
      summary: 'A person and a page of the contents they took part in, newest first, with their roles',
      params: idParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: personContentsSchema },
      errors: [404],
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const { page, pageSize } = request.query;
    return sendCachedAnswer(request, reply, cache, `person:${id}:${page}:${pageSize}`, async () => {
      const [person] = await db.query<PersonRow>(
        `SELECT p.id, p.slug, p.name, p.original_name, p.birth_year, p.photo_path,
           (SELECT count(DISTINCT cp.content_id)::int FROM content_persons cp WHERE cp.person_id = p.id) AS contents_count
         FROM persons p WHERE p.id = $1`,
        [id],
      );
      if (!person) return null;
      const rows = await db.query<{ content_id: number; roles: Array<{ type: { slug: string; title: string }; characterName: string | null }> }>(
        `SELECT cp.content_id,
           json_agg(json_build_object('type', json_build_object('slug', pt.slug, 'title', pt.title), 'characterName', cp.character_name)
             ORDER BY pt.position) AS roles
         FROM content_persons cp JOIN person_types pt ON pt.id = cp.person_type_id JOIN contents c ON c.id = cp.content_id
         WHERE cp.person_id = $1
         GROUP BY cp.content_id, c.year ORDER BY c.year DESC, cp.content_id DESC LIMIT $2 OFFSET $3`,
        [id, pageSize, (page - 1) * pageSize],
      );
      const cards = new Map((await loadContentCards(db, rows.map((row) => row.content_id))).map((card) => [card.id, card]));
      const items = rows.flatMap((row) => {
        const content = cards.get(row.content_id);
        return content ? [{ content, roles: row.roles }] : [];
      });
      return { person: toPerson(person), contents: { items, total: person.contents_count, page, pageSize } };
    }, `person ${id} not found`);
  });
}
