import type { FastifyInstance } from 'fastify';
import type { CatalogueRepository } from '../catalogue/catalogue-repository.ts';
import { HttpError } from '../http/http-error.ts';
import { parseId } from '../http/request-input.ts';

/**
 * Master manifests (JSON: sources, subtitles) of episodes and voice-over variants.
 * An episode without media has no manifest: 404, which the player shows as 'Ошибка в загрузке'.
 */
export function manifestRoutes(app: FastifyInstance, catalogue: CatalogueRepository): void {
  app.get<{ Params: { file: string } }>('/manifests/episodes/:file', async (request, reply) => {
    const id = parseId(manifestId(request.params.file), 'episode id');
    const manifest = await catalogue.episodeManifest(id);
    if (!manifest) throw new HttpError(404, `manifest of episode ${id} not found`);
    void reply.header('cache-control', 'public, max-age=60');
    return manifest;
  });

  app.get<{ Params: { file: string } }>('/manifests/variants/:file', async (request, reply) => {
    const id = parseId(manifestId(request.params.file), 'episode variant id');
    const manifest = await catalogue.variantManifest(id);
    if (!manifest) throw new HttpError(404, `manifest of episode variant ${id} not found`);
    void reply.header('cache-control', 'public, max-age=60');
    return manifest;
  });
}

function manifestId(file: string): string {
  if (!file.endsWith('.json')) throw new HttpError(404, `manifest ${file} not found`);
  return file.slice(0, -'.json'.length);
}
