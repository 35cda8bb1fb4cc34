import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CachedCatalogue } from '../catalogue/cached-catalogue.ts';
import type { CachedJson } from '../catalogue/catalogue-cache.ts';
import { sendCachedJson } from '../http/conditional-json.ts';
import { HttpError } from '../http/http-error.ts';
import { optionalText, parseId } from '../http/request-input.ts';

export interface CatalogueRoutesOptions {
  catalogue: CachedCatalogue;
  countryHeader: string;
  defaultCountry: string;
}

type IdParams = { Params: { id: string } };

/**
 * Content details, seasons, episodes and availability (SPEC.md section 7, the player load):
 * answered from the catalogue cache, with an ETag and a minute's Cache-Control.
 */
export function catalogueRoutes(app: FastifyInstance, options: CatalogueRoutesOptions): void {
  const { catalogue } = options;

  app.get<IdParams>('/contents/:id', async (request, reply) => {
    const id = parseId(request.params.id, 'content id');
    return sendCachedJson(request, reply, found(await catalogue.content(id), `content ${id}`));
  });

  app.get<IdParams>('/contents/:id/seasons', async (request, reply) => {
    const id = parseId(request.params.id, 'content id');
    return sendCachedJson(request, reply, found(await catalogue.seasons(id), `content ${id}`));
  });

  app.get<{ Querystring: Record<string, unknown> }>('/episodes', async (request, reply) => {
    const id = parseId(request.query['content-id'], 'query parameter content-id');
    return sendCachedJson(request, reply, found(await catalogue.episodes(id), `content ${id}`));
  });

  app.get<IdParams & { Querystring: Record<string, unknown> }>('/contents/:id/available', async (request, reply) => {
    const id = parseId(request.params.id, 'content id');
    // The page address the player is embedded in; accepted for the record, not used to decide.
    optionalText(request.query.domain, 'query parameter domain', 2048);
    const country = viewerCountry(request, options);
    // The answer depends on the edge's country header: a shared cache must key on it.
    void reply.header('vary', options.countryHeader);
    return sendCachedJson(request, reply, found(await catalogue.availability(id, country), `content ${id}`));
  });
}

/** The viewer's country as the edge reported it; the default when absent or malformed. */
function viewerCountry(request: FastifyRequest, options: CatalogueRoutesOptions): string {
  const header = request.headers[options.countryHeader];
  const value = typeof header === 'string' ? header.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(value) ? value : options.defaultCountry;
}

function found(value: CachedJson | null, what: string): CachedJson {
  if (value === null) throw new HttpError(404, `${what} not found`);
  return value;
}
