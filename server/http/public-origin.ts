import { HttpError } from './http-error.ts';
import type { FastifyRequest } from 'fastify';

/**
 * The origin to put in absolute URLs the server hands out (VAST, ad list): the configured one,
 * else the one the client used to reach us.
 */
export function publicOrigin(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured;
  // The Host header is the client's to write: only a plain host[:port] may go into a URL.
  if (!/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(request.host)) {
    throw new HttpError(400, 'the Host header is not a valid host name');
  }
  return `${request.protocol}://${request.host}`;
}
