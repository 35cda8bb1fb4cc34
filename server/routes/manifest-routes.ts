import type { FastifyInstance } from 'fastify';
import type { CachedCatalogue } from '../catalogue/cached-catalogue.ts';
import { sendCachedJson } from '../http/conditional-json.ts';
import { HttpError } from '../http/http-error.ts';
import { parseId } from '../http/request-input.ts';

/**
 * Master manifests (JSON: sources, subtitles) of episodes and voice-over variants, from the
 * catalogue cache with an ETag. An episode without media has no manifest: 404, which the player
 * shows as 'Ошибка в загрузке'.
 */
export function manifestRoutes(app: FastifyInstance, catalogue: CachedCatalogue): void {
  app.get<{ Params: { file: string } }>('/manifests/episodes/:file', async (request, reply) => {
    const id = parseId(manifestId(request.params.file), 'episode id');
    const manifest = await catalogue.episodeManifest(id);
    if (!manifest) throw new HttpError(404, `manifest of episode ${id} not found`);
    return sendCachedJson(request, reply, manifest);
  });

  app.get<{ Params: { file: string } }>('/manifests/variants/:file', async (request, reply) => {
    const id = parseId(manifestId(request.params.file), 'episode variant id');
    const manifest = await catalogue.variantManifest(id);
    if (!manifest) throw new HttpError(404, `manifest of episode variant ${id} not found`);
    return sendCachedJson(request, reply, manifest);
  });
}

function manifestId(file: string): string {
  if (!file.endsWith('.json')) throw new HttpError(404, `manifest ${file} not found`);
  return file.slice(0, -'.json'.length);
}
