import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The keys of the environment that make the server fit to face the public: timeouts, the
 * shutdown deadline, the proxies believed, the tracking beacon's limit and retention.
 * Kept apart from config.ts so the listener's limits read in one place.
 */
export interface HardeningConfig {
  /**
   * Addresses whose X-Forwarded-For/-Proto/-Host are believed: proxy-addr names (loopback,
   * linklocal, uniquelocal), IP addresses or CIDR ranges; [] believes nobody. TRUSTED_PROXIES.
   */
  trustedProxies: string[];
  /** Milliseconds a client has to send a whole request, head and body. REQUEST_TIMEOUT_MS. */
  requestTimeoutMs: number;
  /** Milliseconds SIGTERM/SIGINT may take to drain and close before the process exits anyway. SHUTDOWN_TIMEOUT_MS. */
  shutdownTimeoutMs: number;
  /**
   * Milliseconds a server told to stop goes on serving after /readyz turns 503, so a load
   * balancer's health checks take it out before its listener closes (more than 2 of its check
   * intervals); counted within SHUTDOWN_TIMEOUT_MS. 0: the listener closes at once. DRAIN_GRACE_MS.
   */
  drainGraceMs: number;
  /** Hits of GET /catalog-api/ads/track one client may make per minute; 0: no limit. TRACKING_RATE_LIMIT. */
  trackingRateLimit: number;
  /** Days a tracking hit is kept; 0: until deleted by hand. TRACKING_RETENTION_DAYS. */
  trackingRetentionDays: number;
}

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** 'loopback', '10.0.0.0/8', '192.0.2.7', '::1', 'fd00::/8'. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const wholeNumber = (digits: number, what: string) =>
  z.string().regex(new RegExp(`^\\d{1,${digits}}$`), `must be a whole number of ${what}`).transform(Number);

/** Spread into the server's environment schema. */
export const hardeningEnvShape = {
  NODE_ENV: z.string().optional(),
  // Empty by default: a proxy is whatever the operator names, never merely a neighbour on the
  // host (any local process could otherwise write the client address every limit counts by).
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((text) => text.split(',').map((entry) => entry.trim()).filter(Boolean))
    .refine(
      (entries) => entries.every((entry) => entry === 'none' || isProxyEntry(entry)),
      'must be none or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses and CIDR ranges',
    ),
  REQUEST_TIMEOUT_MS: wholeNumber(7, 'milliseconds').pipe(z.number().min(1000, 'must be at least 1000')).default(30_000),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(7, 'milliseconds').pipe(z.number().min(100, 'must be at least 100')).default(10_000),
  DRAIN_GRACE_MS: wholeNumber(7, 'milliseconds').default(0),
  TRACKING_RATE_LIMIT: wholeNumber(6, 'hits a minute').default(600),
  TRACKING_RETENTION_DAYS: wholeNumber(5, 'days').default(30),
};

type HardeningEnv = z.infer<z.ZodObject<typeof hardeningEnvShape>>;

/**
 * Problems no single variable shows: a production server must know its public origin, and a
 * drain grace must leave time to drain.
 */
export function hardeningProblems(env: HardeningEnv & { PUBLIC_ORIGIN?: string | undefined }): string[] {
  const problems: string[] = [];
  // Without it absolute URLs (VAST, the ad list) are built from the request's Host header,
  // which any client writes: behind a real deployment that must not be the source of truth.
  if (env.NODE_ENV === 'production' && !env.PUBLIC_ORIGIN) {
    problems.push('PUBLIC_ORIGIN: must be set when NODE_ENV=production (the origin viewers reach this server at, e.g. https://player.example.com)');
  }
  // The grace is spent within the shutdown's deadline: the requests in flight still need some.
  if (env.DRAIN_GRACE_MS >= env.SHUTDOWN_TIMEOUT_MS) {
    problems.push(`DRAIN_GRACE_MS: must be less than SHUTDOWN_TIMEOUT_MS (${env.SHUTDOWN_TIMEOUT_MS}), which it counts within`);
  }
  return problems;
}

export function hardeningConfig(env: HardeningEnv): HardeningConfig {
  return {
    trustedProxies: env.TRUSTED_PROXIES.includes('none') ? [] : env.TRUSTED_PROXIES,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    drainGraceMs: env.DRAIN_GRACE_MS,
    trackingRateLimit: env.TRACKING_RATE_LIMIT,
    trackingRetentionDays: env.TRACKING_RETENTION_DAYS,
  };
}
