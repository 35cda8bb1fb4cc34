import type { FastifyInstance } from 'fastify';
import type { ContentCard, Page } from '../../src/contract/schemas/catalogue-schema.ts';
import { favouriteMarkSchema, favouritesPageSchema, pagingBodySchema, type FavouriteMark } from '../../src/contract/schemas/viewer-schema.ts';
import { authenticated, callerOf } from '../auth/authenticated.ts';
import { idParamsSchema } from '../http/request-schemas.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { SECURITY } from '../openapi/route-docs.ts';
import type { FavouritesRepository } from './favourites-repository.ts';

/**
 * The viewer's favourites (SPEC.md section 7: POST /contents/favorites, POST and DELETE
 * /contents/favorites/{id}), and GET /contents/favorites/{id}: whether one content is among them,
 * so a page about a content need not read the whole list to know.
 */
export function favouritesRoutes(app: FastifyInstance, favourites: FavouritesRepository): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const viewer = authenticated(app.sessionGuard);

  api.post('/contents/favorites', {
    ...viewer,
    schema: {
      summary: 'The viewer\'s favourites, the newest added first', security: SECURITY.session,
      body: pagingBodySchema, response: { 200: favouritesPageSchema }, errors: [401],
    },
  }, async (request): Promise<Page<ContentCard>> => favourites.page(callerOf(request).userId, request.body));

  api.get('/contents/favorites/:id', {
    ...viewer,
    schema: {
      summary: 'Whether a content is among the viewer\'s favourites', security: SECURITY.session,
      params: idParamsSchema, response: { 200: favouriteMarkSchema }, errors: [401, 404],
    },
  }, async (request, reply): Promise<FavouriteMark> => {
    // The viewer's own answer, changed by every toggle: no cache may keep or share it.
    void reply.header('cache-control', 'private, no-store');
    return favourites.mark(callerOf(request).userId, request.params.id);
  });

  api.post('/contents/favorites/:id', {
    ...viewer,
    schema: {
      summary: 'Add a content to the favourites (again: no change)', security: SECURITY.session,
      params: idParamsSchema, response: { 200: favouriteMarkSchema }, errors: [401, 404, 409],
    },
  }, async (request): Promise<FavouriteMark> => favourites.add(callerOf(request).userId, request.params.id));

  api.delete('/contents/favorites/:id', {
    ...viewer,
    schema: {
      summary: 'Remove a content from the favourites', security: SECURITY.session,
      params: idParamsSchema, response: { 200: favouriteMarkSchema }, errors: [401, 404],
    },
  }, async (request): Promise<FavouriteMark> => favourites.remove(callerOf(request).userId, request.params.id));
}
