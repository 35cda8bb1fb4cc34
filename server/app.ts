import cors from '@fastify/cors';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { AdsRepository } from './ads/ads-repository.ts';
import { analyticsRoutes } from './analytics/analytics-routes.ts';
import type { AnalyticsStore } from './analytics/analytics-store.ts';
import { openAnalyticsStore } from './analytics/open-analytics-store.ts';
import { installAuth } from './auth/install-auth.ts';
import { browseRoutes } from './catalogue/browse/browse-routes.ts';
import { CacheRegistry } from './catalogue/cache-registry.ts';
import { CachedCatalogue } from './catalogue/cached-catalogue.ts';
import { CatalogueCache } from './catalogue/catalogue-cache.ts';
import { CatalogueRepository } from './catalogue/catalogue-repository.ts';
import { searchRoutes } from './catalogue/search/search-routes.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { scheduleCountFolding } from './db/integrity/count-folding.ts';
import { scheduleRetention } from './db/retention-schedule.ts';
import { embedAccessRoom } from './embed-access/embed-access-room.ts';
import { errorRoutes } from './errors/error-routes.ts';
import { allowedMethods } from './http/allowed-methods.ts';
import { installCompression } from './http/compression.ts';
import { refuseControlCharacters } from './http/control-characters.ts';
import { installAccessLog, loggerOptions, type AppLogger } from './http/access-log.ts';
import { frameworkErrorHandler, installErrorHandlers } from './http/http-error.ts';
import { listenerOptions } from './http/listener-options.ts';
import { CATALOG_API_PREFIX } from './http/paths.ts';
import { requestIdGenerator } from './http/request-id.ts';
import { installSchemaValidation } from './http/schema-validation.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { adRoutes } from './ads/ad-routes.ts';
import { catalogueRoutes } from './catalogue/catalogue-routes.ts';
import { healthRoutes } from './http/health-routes.ts';
import type { ClosingState } from './http/graceful-shutdown.ts';
import { manifestRoutes } from './catalogue/manifest-routes.ts';
import { mediaRoutes } from './catalogue/media/media-routes.ts';
import { proxyRoutes } from './catalogue/media/proxy-routes.ts';
import { cacheRoutes } from './catalogue/cache-routes.ts';
import { episodeMarkersRoutes } from './catalogue/episode-markers-routes.ts';
import { widgetRoutes } from './widget/widget-routes.ts';
import { EmbedBootData, BOOT_DATA_BYTES, BOOT_DATA_ENTRIES, bootDataBytes } from './widget/embed-boot-data.ts';
import { MemoryCache } from './catalogue/expiring-cache.ts';
import { siteOrigin, siteRoutes } from './site/site-routes.ts';
import { sitePagesRoutes } from './site/pages/site-pages-routes.ts';
import { sdkRoutes } from './widget/sdk-routes.ts';
import { completedEpisodesReader, viewerRoutes } from './viewer/viewer-routes.ts';
import { docsRoutes } from './openapi/docs-routes.ts';
import { recordRoutes } from './openapi/registered-routes.ts';
import { installSharedState } from './shared-state/install-shared-state.ts';
import type { SharedState } from './shared-state/shared-state.ts';
import { RedisCache } from './shared-state/redis-cache.ts';
import type { BuiltBootData } from './widget/boot-data.ts';

export interface AppOptions {
  config: ServerConfig;
  db: Database;
  /** The access log and failures as JSON lines (true: stdout); off in tests unless one passes a stream. */
  logger?: AppLogger;
  /** The catalogue's read cache; whoever writes the catalogue calls its invalidate(). Default: a new one. */
  catalogueCache?: CatalogueCache;
  /** Where the analytics events go. Default: ClickHouse when CLICKHOUSE_URL is set (closed with the app), else the database. */
  analyticsStore?: AnalyticsStore;
  /** What the deployment's processes share. Default: Redis when REDIS_URL is set (closed with the app), else nothing. */
  sharedState?: SharedState;
  /** Set when the server is told to stop: /readyz answers 503 from then on. Default: never. */
  closing?: ClosingState;
}

/** The whole HTTP surface: catalogue API, demo ad server, media, the widget, accounts (/authenticator), and the analytics collector with its dashboard. */
export async function buildApp({ config, db, logger = false, catalogueCache = new CatalogueCache(), sharedState, analyticsStore, closing }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(logger),
    // Fastify's own two lines per request are replaced by one access line (server/http/access-log.ts).
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdGenerator(config.trustedProxies),
    // Timeouts, the default body limit, and the proxies whose X-Forwarded-* are believed.
    ...listenerOptions(config),
    frameworkErrors: frameworkErrorHandler,
    return503OnClosing: true,
  });
  // Before any route: the rate-limited scopes and the caches ask it.
  const shared = await installSharedState(app, config, sharedState);
  const routes = recordRoutes(app);
  const methodsAt = allowedMethods(routes);
  installErrorHandlers(app, db, methodsAt);
  installSchemaValidation(app);
  installAccessLog(app);
  // Before any route is registered, so every one of them inherits these.
  refuseControlCharacters(app);
  installSecurityHeaders(app);
  await installCompression(app);
  const analytics = analyticsStore ?? (await openAnalyticsStore(config.clickhouseUrl, db, app.log));
  if (!analyticsStore && analytics.close) app.addHook('onClose', async () => analytics.close?.());
  healthRoutes(app, db, { shared, analytics, closing });

  // The catalogue is public and carries no cookies, so any origin may read it. The player sends
  // X-Session-Context (and later Authorization) on every call, which needs a preflight.
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Range', 'X-Session-Context', 'X-XSRF-TOKEN'],
    exposedHeaders: ['Accept-Ranges', 'Content-Length', 'Content-Range', 'Authorization'],
    maxAge: 86400,
    // A bare OPTIONS that is not a preflight falls through to the routes (404 JSON), not a text error.
    strictPreflight: false,
  });

  const catalogue = new CatalogueRepository(db);
  const ads = new AdsRepository(db);
  const cachedCatalogue = new CachedCatalogue(catalogue, catalogueCache);
  scheduleCountFolding(app, db);
  scheduleRetention(app, { what: 'ad tracking hits', days: config.trackingRetentionDays, prune: (days) => ads.deleteTrackingReceivedBefore(days) });

  // Before the catalogue (its per-viewer routes) and the admin pages (they also open to an
  // administrator's access token): both ask its session guard.
  await installAuth(app, config, db);
  const caches = new CacheRegistry(shared, (error, name) => app.log.error({ err: error }, `cache ${name}: clearing it as another process asked failed`));
  caches.register({
    name: 'catalogue',
    description: 'the player\'s reads: contents, seasons, episodes, availability, manifests',
    entries: () => catalogueCache.size,
    clear: () => catalogueCache.invalidate(),
  });
  // Made of the catalogue's answers: whatever empties the catalogue cache (a write, the operator) empties it too.
  // With Redis, one process's build serves the others' documents too.
  const bootDataStore = shared.redis
    ? new RedisCache<BuiltBootData>({ redis: shared.redis, prefix: `${shared.prefix}boot-data:`, onError: (error) => app.log.warn({ err: error }, 'embed boot data: Redis did not answer; building it here') })
    : new MemoryCache({ maxEntries: BOOT_DATA_ENTRIES, maxBytes: BOOT_DATA_BYTES, sizeOf: bootDataBytes });
  const bootData = new EmbedBootData({ catalogue: cachedCatalogue, mediaDir: config.mediaDir }, bootDataStore);
  caches.register(bootData);
  catalogueCache.onInvalidate(() => {
    bootData.clear().catch((error: unknown) => app.log.error({ err: error }, 'the embed boot data could not be emptied'));
  });
  const deps = { db, config, catalogue: cachedCatalogue, catalogueCache, caches };
  const embedAccess = embedAccessRoom({ db, caches, adminToken: config.adminToken, publicOrigin: config.publicOrigin });
  await app.register(
    async (api) => {
      catalogueRoutes(api, {
        catalogue: cachedCatalogue, countryHeader: config.countryHeader, defaultCountry: config.defaultCountry, completedEpisodes: completedEpisodesReader(db),
      });
      manifestRoutes(api, cachedCatalogue);
      adRoutes(api, ads, config.publicOrigin, config.trackingRateLimit);
      await browseRoutes(api, deps);
      await searchRoutes(api, deps);
      await viewerRoutes(api, deps);
      await siteRoutes(api, deps);
      // SPEC.md section 7's /proxy/{a}/{b}/index.mp4: an episode as one progressive MP4.
      await api.register(proxyRoutes, { db, mediaDir: config.mediaDir });
      cacheRoutes(api, caches);
      embedAccess.routes(api);
      episodeMarkersRoutes(api, { catalogue, adminToken: config.adminToken, forgetCatalogueAnswers: async () => void (await caches.clear('catalogue')) });
      await sdkRoutes(api, { sdkDir: config.sdkDir });
    },
    { prefix: CATALOG_API_PREFIX },
  );
  await mediaRoutes(app, config.mediaDir, config.mediaSignedToken);
  await widgetRoutes(app, {
    widgetDir: config.widgetDir, demoPageDir: config.demoPageDir, attributes: config.widget, catalogue, bootData, embedVerdict: embedAccess.verdict,
    countryHeader: config.countryHeader, defaultCountry: config.defaultCountry,
  });
  await sitePagesRoutes(app, { siteDir: config.siteDir, origin: siteOrigin(config), methodsAt });
  await app.register(analyticsRoutes, {
    store: analytics,
    adminToken: config.adminToken,
    collectRateLimit: config.collectRateLimit,
    retentionDays: config.analyticsRetentionDays,
    dashboardDir: config.analyticsDashboardDir,
  });
  await app.register(errorRoutes, { db, errorReporting: config.errorReporting, adminToken: config.adminToken });
  await docsRoutes(app, routes);
  return app;
}
