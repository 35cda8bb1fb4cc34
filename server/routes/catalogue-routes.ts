import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogueRepository } from '../catalogue/catalogue-repository.ts';
import { HttpError } from '../http/http-error.ts';
import { optionalText, parseId } from '../http/request-input.ts';

export interface CatalogueRoutesOptions {
  catalogue: CatalogueRepository;
  countryHeader: string;
  defaultCountry: string;
}

type IdParams = { Params: { id: string } };

/** Content details, seasons, episodes and availability (SPEC.md section 7, the player load). */
export function catalogueRoutes(app: FastifyInstance, options: CatalogueRoutesOptions): void {
  const { catalogue } = options;

  app.get<IdParams>('/contents/:id', async (request) => {
    const id = parseId(request.params.id, 'content id');
    return found(await catalogue.findContent(id), `content ${id}`);
  });

  app.get<IdParams>('/contents/:id/seasons', async (request) => {
    const id = parseId(request.params.id, 'content id');
    return found(await catalogue.listSeasons(id), `content ${id}`);
  });

  app.get<{ Querystring: Record<string, unknown> }>('/episodes', async (request) => {
    const id = parseId(request.query['content-id'], 'query parameter content-id');
    return found(await catalogue.listEpisodes(id), `content ${id}`);
  });

  app.get<IdParams & { Querystring: Record<string, unknown> }>('/contents/:id/available', async (request) => {
    const id = parseId(request.params.id, 'content id');
    // The page address the player is embedded in; accepted for the record, not used to decide.
    optionalText(request.query.domain, 'query parameter domain', 2048);
    const country = viewerCountry(request, options);
    return { available: found(await catalogue.isAvailable(id, country), `content ${id}`) };
  });
}

/** The viewer's country as the edge reported it; the default when absent or malformed. */
function viewerCountry(request: FastifyRequest, options: CatalogueRoutesOptions): string {
  const header = request.headers[options.countryHeader];
  const value = typeof header === 'string' ? header.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(value) ? value : options.defaultCountry;
}

function found<T>(value: T | null, what: string): T {
  if (value === null) throw new HttpError(404, `${what} not found`);
  return value;
}
