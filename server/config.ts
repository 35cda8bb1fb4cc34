import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { authConfig, authEnvShape, authProblems, type AuthConfig } from './auth/auth-config.ts';
import { CLICKHOUSE_URL_PATTERN } from './analytics/clickhouse/clickhouse-url.ts';
import { parseDsn } from './errors/sentry-envelope.ts';
import { hardeningConfig, hardeningEnvShape, hardeningProblems, type HardeningConfig } from './http/hardening-config.ts';

/**
 * The server's configuration, from the environment. Every key says who reads it.
 * Defaults make `npm start` work on a fresh clone with no set-up.
 */
export interface ServerConfig extends HardeningConfig {
  /** Listener. PORT, HOST. */
  port: number;
  host: string;
  /** postgres://… of a PostgreSQL server; unset means the embedded database. DATABASE_URL. */
  databaseUrl: string | undefined;
  /**
   * redis://… or rediss://… of a Redis shared by every process of the deployment: rate-limit
   * counters, the embed boot-data cache, and the cache clears and session ends every process
   * must hear (server/shared-state). Unset: all of it stays in this process. REDIS_URL.
   */
  redisUrl: string | undefined;
  /**
   * http(s)://[user:password@]host:port[/database] of a ClickHouse that keeps the analytics events
   * instead of the database (server/analytics/clickhouse; database default `kino`, created when
   * missing). Unset: they stay in the database. CLICKHOUSE_URL.
   */
  clickhouseUrl: string | undefined;
  /** Before every Redis key and the events channel: deployments sharing one Redis keep apart. REDIS_PREFIX. */
  redisPrefix: string;
  /** Generated contents seeded around the 7 demo ones on first start (0: the structure only). CATALOGUE_SIZE. */
  catalogueSize: number;
  /** Embedded database folder, or 'memory://'. DATA_DIR. */
  dataDir: string;
  /** Demo media served under /catalog-api/media/. */
  mediaDir: string;
  /**
   * The token the same media under /catalog-api/media-signed/ demands (?token=…), as a tokenised
   * CDN does: to try request filters that sign media addresses. Unset: no such path. MEDIA_SIGNED_TOKEN.
   */
  mediaSignedToken: string | undefined;
  /** The built widget (embed.html and assets/). */
  widgetDir: string;
  /** The built catalogue site (index.html and site-assets/), served at / (server/site/pages). SITE_DIR. */
  siteDir: string;
  /** The built host SDK (lib.js, the ES module and its types), served under /catalog-api (server/sdk). SDK_DIR. */
  sdkDir: string;
  /** The demo page's built script and style (src/demo-page; .vite/manifest.json and assets/). DEMO_PAGE_DIR. */
  demoPageDir: string;
  /** The analytics dashboard's built script and style (src/analytics-dashboard). ANALYTICS_DASHBOARD_DIR. */
  analyticsDashboardDir: string;
  /** Origin put in absolute URLs (VAST, ad list); unset: taken from the request. PUBLIC_ORIGIN. */
  publicOrigin: string | undefined;
  /** Request header in which the edge passes the viewer's country (ISO 3166-1 alpha-2). COUNTRY_HEADER. */
  countryHeader: string;
  /** Country assumed when that header is absent or malformed. DEFAULT_COUNTRY. */
  defaultCountry: string;
  /** What /embed writes into the widget root's data attributes (read by src/config). */
  widget: WidgetAttributes;
  /** POST /error-tunnel (server/errors). */
  errorReporting: ErrorReportingConfig;
  /** Opens /admin (the analytics dashboard); unset: /admin answers 503. ADMIN_TOKEN. */
  adminToken: string | undefined;
  /** Batches one client may send to POST /collect per minute; 0: no limit. COLLECT_RATE_LIMIT. */
  collectRateLimit: number;
  /** Days an analytics event is kept after it arrived; 0: until deleted by hand. ANALYTICS_RETENTION_DAYS. */
  analyticsRetentionDays: number;
  /** Searches one client may make per minute on each search call; 0: no limit. SEARCH_RATE_LIMIT. */
  searchRateLimit: number;
  /** Reports one client may post to POST /catalog-api/abuse/new per minute; 0: no limit. ABUSE_RATE_LIMIT. */
  abuseRateLimit: number;
  /** URLs in one /catalog-api/sitemap{n}.xml, at most sitemaps.org's 50 000. SITEMAP_URLS_PER_FILE. */
  sitemapUrlsPerFile: number;
  /** The authentication service under /authenticator (server/auth). */
  auth: AuthConfig;
}

export interface ErrorReportingConfig {
  /**
   * ERROR_DSN: the Sentry DSN the players report to (also written into the widget as
   * data-error-dsn). When set, the tunnel takes only this DSN's envelopes. Unset: the players
   * send nothing.
   */
  dsn: string | undefined;
  /** ERROR_FORWARD=true: the tunnel passes each envelope on to that DSN's Sentry host. Default false (stored only). */
  forward: boolean;
}

/** The widget's data attributes (SPEC.md section 1). */
export interface WidgetAttributes {
  /** API_BASE_URL: base URL of the catalogue API. */
  apiBaseUrl: string;
  /** AD_LIST_URL: where the ad list (prerollList, midrollList) comes from. */
  adListUrl: string;
  /** FULLSCREEN_MODE: 'native' (Fullscreen API) or 'stretch' (the host stretches the frame). */
  fullscreenMode: 'native' | 'stretch';
  /** ERROR_PROJECT: error-reporting project label. */
  errorProject: string;
  /** ERROR_DSN: error reports go out only when it is set. */
  errorDsn: string | undefined;
  /** LANG_ORDER: preferred audio/subtitle languages, comma-separated. */
  langOrder: string[];
  /** DASH_LIBRARY_URL: a dash.js build to load instead of ours; its origin is allowed to run scripts. */
  dashLibraryUrl: string | undefined;
  /**
   * CAST_SENDER_URL: the Google Cast sender script (cast_sender.js?loadCastFramework=1). Unset by
   * default: no third-party script runs in the player unless the operator opts in; its origin is
   * then allowed to run scripts and the Google Cast button appears in Chrome.
   */
  castSenderUrl: string | undefined;
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));

const envSchema = z.object({
  ...hardeningEnvShape,
  ...authEnvShape,
  PORT: z.string().regex(/^\d{1,5}$/, 'must be a port number').transform(Number).pipe(z.number().max(65535)).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\/[^/\s]+(\/\d{1,2})?\/?$/, 'must be redis://[user:password@]host[:port][/db] (or rediss:// for TLS)').optional(),
  CLICKHOUSE_URL: z.string().regex(CLICKHOUSE_URL_PATTERN, 'must be http(s)://[user:password@]host:port[/database]').optional(),
  REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits or _:.-').default('kino:'),
  DATA_DIR: z.string().min(1).default(`${ROOT}data`),
  CATALOGUE_SIZE: z.string().regex(/^\d{1,6}$/, 'must be a whole number').transform(Number).pipe(z.number().max(200_000, 'must be at most 200000')).default(5000),
  MEDIA_DIR: z.string().min(1).default(`${ROOT}server/media`),
  MEDIA_SIGNED_TOKEN: z.string().regex(/^[\w.~-]{8,256}$/, 'must be 8 to 256 letters, digits or -._~').optional(),
  WIDGET_DIR: z.string().min(1).default(`${ROOT}dist/widget`),
  SITE_DIR: z.string().min(1).default(`${ROOT}dist/site`),
  SDK_DIR: z.string().min(1).default(`${ROOT}dist/sdk`),
  DEMO_PAGE_DIR: z.string().min(1).default(`${ROOT}dist/demo-page`),
  ANALYTICS_DASHBOARD_DIR: z.string().min(1).default(`${ROOT}dist/analytics-dashboard`),
  PUBLIC_ORIGIN: z.url().optional(),
  COUNTRY_HEADER: z.string().regex(/^[a-z0-9-]+$/i).default('x-viewer-country'),
  DEFAULT_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'must be two upper-case letters').default('RU'),
  API_BASE_URL: z.string().min(1).default('/catalog-api'),
  AD_LIST_URL: z.string().min(1).default('/catalog-api/ad-list.json'),
  FULLSCREEN_MODE: z.enum(['native', 'stretch']).default('native'),
  ERROR_PROJECT: z.string().min(1).default('other'),
  ERROR_DSN: z.string().refine((text) => parseDsn(text) !== undefined, 'must be a Sentry DSN: http(s)://public_key@host/project_id').optional(),
  ERROR_FORWARD: z.enum(['true', 'false']).default('false'),
  LANG_ORDER: z.string().default('ru,en'),
  DASH_LIBRARY_URL: z.url().optional(),
  CAST_SENDER_URL: z.url().optional(),
  // A guessable token would open the dashboard to anyone who can reach the server.
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
  COLLECT_RATE_LIMIT: z.string().regex(/^\d{1,6}$/, 'must be a whole number').transform(Number).default(120),
  ANALYTICS_RETENTION_DAYS: z.string().regex(/^\d{1,5}$/, 'must be a whole number of days').transform(Number).default(90),
  SEARCH_RATE_LIMIT: z.string().regex(/^\d{1,6}$/, 'must be a whole number').transform(Number).default(300),
  ABUSE_RATE_LIMIT: z.string().regex(/^\d{1,6}$/, 'must be a whole number').transform(Number).default(10),
  SITEMAP_URLS_PER_FILE: z.string().regex(/^\d{1,5}$/, 'must be a whole number').transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(50_000, 'must be at most 50000 (sitemaps.org)')).default(50_000),
});

/** Reads the configuration; throws one error that lists every bad variable. */
export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // An empty variable means not set, as in most shells' `VAR= command`.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Bad server configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  // Forwarding goes only to the configured DSN's host: without one there is nowhere to go.
  if (e.ERROR_FORWARD === 'true' && !e.ERROR_DSN) throw new Error('Bad server configuration:\n  ERROR_FORWARD: needs ERROR_DSN');
  const hardeningIssues = hardeningProblems(e);
  if (hardeningIssues.length > 0) throw new Error(`Bad server configuration:\n  ${hardeningIssues.join('\n  ')}`);
  const authIssues = authProblems(e);
  if (authIssues.length > 0) throw new Error(`Bad server configuration:\n  ${authIssues.join('\n  ')}`);
  return {
    ...hardeningConfig(e),
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    clickhouseUrl: e.CLICKHOUSE_URL,
    dataDir: e.DATA_DIR,
    catalogueSize: e.CATALOGUE_SIZE,
    mediaDir: e.MEDIA_DIR,
    mediaSignedToken: e.MEDIA_SIGNED_TOKEN,
    widgetDir: e.WIDGET_DIR,
    siteDir: e.SITE_DIR,
    sdkDir: e.SDK_DIR,
    demoPageDir: e.DEMO_PAGE_DIR,
    analyticsDashboardDir: e.ANALYTICS_DASHBOARD_DIR,
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/$/, ''),
    countryHeader: e.COUNTRY_HEADER.toLowerCase(),
    defaultCountry: e.DEFAULT_COUNTRY,
    widget: {
      apiBaseUrl: e.API_BASE_URL,
      adListUrl: e.AD_LIST_URL,
      fullscreenMode: e.FULLSCREEN_MODE,
      errorProject: e.ERROR_PROJECT,
      errorDsn: e.ERROR_DSN,
      langOrder: e.LANG_ORDER.split(',').map((code) => code.trim()).filter(Boolean),
      dashLibraryUrl: e.DASH_LIBRARY_URL,
      castSenderUrl: e.CAST_SENDER_URL,
    },
    errorReporting: { dsn: e.ERROR_DSN, forward: e.ERROR_FORWARD === 'true' },
    adminToken: e.ADMIN_TOKEN,
    collectRateLimit: e.COLLECT_RATE_LIMIT,
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    searchRateLimit: e.SEARCH_RATE_LIMIT,
    abuseRateLimit: e.ABUSE_RATE_LIMIT,
    sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
    auth: authConfig(e),
  };
}
