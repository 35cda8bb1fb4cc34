import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedJson } from '../catalogue/catalogue-cache.ts';

/** Catalogue answers may be kept a minute by the browser and any cache on the way. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60';

/**
 * Sends cached JSON with its ETag, or 304 with no body when the client already holds it
 * (If-None-Match, weak comparison as RFC 9110 §13.1.2 asks for GET).
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedJson, cacheControl = CATALOGUE_CACHE_CONTROL): FastifyReply {
  void reply.header('etag', cached.etag).header('cache-control', cacheControl);
  if (matchesIfNoneMatch(request.headers['if-none-match'], cached.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const ours = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === ours);
}
