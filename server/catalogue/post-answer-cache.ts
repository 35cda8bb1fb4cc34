import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueCache } from './catalogue-cache.ts';

/** Answers kept per cache of POST reads: pages of cards are a few kilobytes, so at most ~10 MB each. */
export const POST_ANSWER_ENTRIES = 2_000;

/**
 * Answers a public POST read (a listing page, a search) from `cache`, keyed by the route and the
 * validated request (path, query and body after their schemas' defaults, so `{}` and
 * `{page: 1}` are one key); `load` runs on a miss, and concurrent misses share it. The same
 * question within a minute costs the database nothing: on the embedded database a listing or a
 * search is tens of milliseconds of its single thread, and a catalogue's visitors ask the same
 * first pages and the same words again and again. Bounded, so a stranger asking ever new
 * questions only pushes out older answers.
 */
export async function sendCachedPostAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: CatalogueCache,
  load: () => Promise<unknown>,
  body: unknown = request.body,
): Promise<FastifyReply> {
  const key = JSON.stringify([request.routeOptions.url, request.params, request.query, body]);
  const cached = await cache.json(key, load);
  // load() never answers null here: a missing category throws its 404 instead.
  if (!cached) throw new Error(`${request.routeOptions.url ?? request.url}: nothing to answer`);
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
