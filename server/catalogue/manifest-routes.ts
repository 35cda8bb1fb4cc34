import type { FastifyInstance } from 'fastify';
import { masterManifestSchema } from '../../src/contract/schemas/schema.ts';
import type { CachedCatalogue } from './cached-catalogue.ts';
import { sendCachedJson } from '../http/conditional-json.ts';
import { HttpError } from '../http/http-error.ts';
import { idParamsSchema } from '../http/request-schemas.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';

/**
 * Master manifests (JSON: sources, subtitles) of episodes and voice-over variants, from the
 * catalogue cache with an ETag. An episode without media has no manifest: 404, which the player
 * shows as 'Ошибка в загрузке'. Any other name than <id>.json is not a route at all (404).
 */
export function manifestRoutes(app: FastifyInstance, catalogue: CachedCatalogue): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = (summary: string) => ({ summary, params: idParamsSchema, response: { 200: masterManifestSchema }, errors: [404] });

  api.get('/manifests/episodes/:id.json', { schema: schema('The master manifest of an episode') }, async (request, reply) => {
    const { id } = request.params;
    const manifest = await catalogue.episodeManifest(id);
    if (!manifest) throw new HttpError(404, `manifest of episode ${id} not found`);
    return sendCachedJson(request, reply, manifest);
  });

  api.get('/manifests/variants/:id.json', { schema: schema('The master manifest of a voice-over variant') }, async (request, reply) => {
    const { id } = request.params;
    const manifest = await catalogue.variantManifest(id);
    if (!manifest) throw new HttpError(404, `manifest of episode variant ${id} not found`);
    return sendCachedJson(request, reply, manifest);
  });
}
