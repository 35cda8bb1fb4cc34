import type { FastifyRequest } from 'fastify';

/**
 * The origin to put in absolute URLs the server hands out (VAST, ad list): the configured one,
 * else the one the client used to reach us.
 */
export function publicOrigin(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured;
  return `${request.protocol}://${request.host}`;
}
