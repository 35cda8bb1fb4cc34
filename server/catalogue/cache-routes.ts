import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cacheListSchema, type CacheList } from '../../src/contract/schemas/site-schema.ts';
import type { CacheRegistry } from './cache-registry.ts';
import { HttpError } from '../http/http-error.ts';
import { singleText } from '../http/request-schemas.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { adminOnly } from '../auth/admin-only.ts';

const cacheNameParamsSchema = z.strictObject({
  name: singleText(64).regex(/^[a-z0-9-]+$/, 'must be a cache name (lower-case letters, digits, dashes)'),
});

/** Every registered cache with its size now, in registration order. */
async function listOf(caches: CacheRegistry): Promise<CacheList> {
  const list = await Promise.all(caches.list().map(async (cache) => ({ name: cache.name, description: cache.description, entries: await cache.entries() })));
  return { caches: list };
}

/** GET /caches, DELETE /caches, DELETE /caches/{name} (SPEC.md section 7): the operator's view of the server's caches. */
export function cacheRoutes(app: FastifyInstance, caches: CacheRegistry): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = adminOnly(app);
  const noStore = { 'cache-control': 'no-store' };

  api.get('/caches', {
    ...admin.options,
    schema: { summary: 'The server\'s caches and how many entries each holds', ...admin.docs, querystring: admin.noQuery, response: { 200: cacheListSchema }, errors: [401, 403] },
  }, async (_request, reply) => {
    void reply.headers(noStore);
    return listOf(caches);
  });

  api.delete('/caches', {
    ...admin.options,
    schema: { summary: 'Empty every cache; answers the list after', ...admin.docs, querystring: admin.noQuery, response: { 200: cacheListSchema }, errors: [401, 403] },
  }, async (_request, reply) => {
    await caches.clearAll();
    void reply.headers(noStore);
    return listOf(caches);
  });

  api.delete('/caches/:name', {
    ...admin.options,
    schema: { summary: 'Empty one cache; answers the list after', ...admin.docs, params: cacheNameParamsSchema, response: { 200: cacheListSchema }, errors: [401, 403, 404] },
  }, async (request, reply) => {
    if (!(await caches.clear(request.params.name))) throw new HttpError(404, `no cache named ${request.params.name}; GET /catalog-api/caches lists them`);
    void reply.headers(noStore);
    return listOf(caches);
  });
}
