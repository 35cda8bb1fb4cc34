import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { HardeningConfig } from './hardening-config.ts';

/**
 * A body no route asked for more than: the catalogue takes none, the JSON bodies that exist
 * (forms, auth) are small. Routes that need more say so: /collect 64 kB, /error-tunnel 1 MB.
 */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Longer than the 60 s idle timeout of common load balancers, so the proxy in front closes an
 * idle connection first (never a request racing our close); a direct client's idle connection
 * ends after it.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/**
 * The longest path value (as sent, percent-encoded) the router reads: a 200-character slug in
 * Cyrillic takes 1 200. A longer one answers 414 (or, for a GET, the site's not-found page).
 */
export const MAX_PARAM_LENGTH = 2048;
/** A socket on which nothing moves either way this long is closed, whatever its state. */
const IDLE_SOCKET_TIMEOUT_MS = 120_000;
/** How often Node looks for requests past their timeout; its default (30 s) would let one overrun by that much. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * The listener's limits and the proxies it believes. A client that sends its head or body too
 * slowly (or stops) gets a 408 after requestTimeoutMs instead of holding a socket for good.
 */
export function listenerOptions(hardening: HardeningConfig): FastifyHttpOptions<Server> {
  return {
    // X-Forwarded-For/-Proto/-Host are the client's to write: believed only from these addresses.
    trustProxy: hardening.trustedProxies.length > 0 ? hardening.trustedProxies : false,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    requestTimeout: hardening.requestTimeoutMs,
    connectionTimeout: IDLE_SOCKET_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: hardening.requestTimeoutMs,
      requestTimeout: hardening.requestTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
  };
}
