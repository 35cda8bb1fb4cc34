import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueCache } from '../catalogue-cache.ts';
import { sendCachedJson } from '../../http/conditional-json.ts';
import { HttpError } from '../../http/http-error.ts';

/**
 * Answers a public GET from the browsing cache with its ETag (the same answer for everyone,
 * read-only catalogue): `load` runs on a miss; its null is a 404 saying `notFound`.
 */
export async function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: CatalogueCache,
  key: string,
  load: () => Promise<unknown>,
  notFound = 'not found',
): Promise<FastifyReply> {
  return sendCachedJson(request, reply, found(await cache.json(key, load), notFound));
}

/** `value`, or a 404 saying `what` when there is none. */
export function found<Value>(value: Value | null, what: string): Value {
  if (value === null) throw new HttpError(404, what);
  return value;
}

