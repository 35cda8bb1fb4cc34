import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like: short, and nothing a log line or a header could be bent by. */
const WELL_FORMED_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Fastify's genReqId: the id a trusted proxy (TRUSTED_PROXIES, as for X-Forwarded-*) sent in
 * X-Request-Id, so one request can be followed across its logs and ours; anyone else's header
 * is ignored and a fresh UUID names the request.
 */
export function requestIdGenerator(trustedProxies: readonly string[]): (request: IncomingMessage) => string {
  const trusted = trustedProxies.length > 0 ? proxyAddr.compile([...trustedProxies]) : () => false;
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    const peer = request.socket.remoteAddress;
    if (typeof given === 'string' && WELL_FORMED_ID.test(given) && peer !== undefined && trusted(peer, 0)) return given;
    return randomUUID();
  };
}
