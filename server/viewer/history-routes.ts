import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/contract/schemas/catalogue-schema.ts';
import {
  historyClearedSchema, historyPageSchema, historyRemovedSchema, historySearchBodySchema, historyV2BodySchema, historyVisitSchema, pagingBodySchema, type HistoryEntry,
} from '../../src/contract/schemas/viewer-schema.ts';
import { authenticated, callerOf } from '../auth/authenticated.ts';
import { idParamsSchema } from '../http/request-schemas.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { SECURITY } from '../openapi/route-docs.ts';
import type { HistoryRepository } from './history-repository.ts';

/**
 * The viewer's history (SPEC.md section 7): record a visit, read it (v1 and v2, which can be
 * narrowed by type), search it by title, and forget one content or all of it.
 */
export function historyRoutes(app: FastifyInstance, history: HistoryRepository): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const viewer = authenticated(app.sessionGuard);
  const security = SECURITY.session;

  api.post('/contents/:id/history', {
    ...viewer,
    schema: {
      summary: 'Record a visit of a content: it goes on top of the history', security,
      params: idParamsSchema, response: { 200: historyVisitSchema }, errors: [401, 404],
    },
  }, async (request) => history.recordVisit(callerOf(request).userId, request.params.id));

  api.post('/contents/history', {
    ...viewer,
    schema: {
      summary: 'The viewer\'s history, the last watched first, with where they stopped', security,
      body: pagingBodySchema, response: { 200: historyPageSchema }, errors: [401],
    },
  }, async (request): Promise<Page<HistoryEntry>> => history.page(callerOf(request).userId, request.body));

  api.post('/contents/history/search', {
    ...viewer,
    schema: {
      summary: 'The viewer\'s history narrowed to titles like the query (any case, small typos forgiven)', security,
      body: historySearchBodySchema, response: { 200: historyPageSchema }, errors: [401],
    },
  }, async (request): Promise<Page<HistoryEntry>> => {
    const { query, ...paging } = request.body;
    return history.page(callerOf(request).userId, paging, { query });
  });

  api.post('/v2/contents/history', {
    ...viewer,
    schema: {
      summary: 'The viewer\'s history, optionally only contents of some types', security,
      body: historyV2BodySchema, response: { 200: historyPageSchema }, errors: [401],
    },
  }, async (request): Promise<Page<HistoryEntry>> => {
    const { types, ...paging } = request.body;
    return history.page(callerOf(request).userId, paging, { types });
  });

  api.delete('/contents/:id/history', {
    ...viewer,
    schema: {
      summary: 'Forget a content of the history, with its saved times', security,
      params: idParamsSchema, response: { 200: historyRemovedSchema }, errors: [401, 404],
    },
  }, async (request) => {
    await history.remove(callerOf(request).userId, request.params.id);
    return { contentId: request.params.id, removed: true as const };
  });

  api.delete('/contents/history', {
    ...viewer,
    schema: {
      summary: 'Forget the whole history, with every saved time', security,
      response: { 200: historyClearedSchema }, errors: [401],
    },
  }, async (request) => ({ removed: await history.clear(callerOf(request).userId) }));
}
