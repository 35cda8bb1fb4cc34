/**
 * The reference server: catalogue API, demo ad server, demo media and the player widget,
 * in one process. `npm start` runs it (after building the widget when needed).
 */
import { buildApp } from './app.ts';
import { loadServerConfig, type ServerConfig } from './config.ts';
import { checkTablesReadable } from './db/database-check.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedGeneratedCatalogue } from './db/generated-catalogue.ts';
import { seedDemoCatalogue } from './db/seed.ts';
import { damagedMessage } from './db/pglite-startup-diagnosis.ts';
import { drainAndClose, trackOpenWork } from './http/graceful-shutdown.ts';

export interface RunningServer {
  url: string;
  /** Stops accepting, drains, closes the database; within SHUTDOWN_TIMEOUT_MS. `reason` starts the log lines. */
  close(reason?: string): Promise<void>;
}

export async function startServer(config: ServerConfig = loadServerConfig()): Promise<RunningServer> {
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, onLockLost: exitOnLostLock });
  try {
    return await serve(config, db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Another server may be writing to the folder now. Closing cleanly would flush this process's
 * pages over its files, so the process ends at once, as a crash would (acknowledged writes are
 * already on disk); a supervisor's restart then waits for the lock like any second server.
 */
function exitOnLostLock(error: Error): void {
  console.error(error.message);
  process.exit(1);
}

async function serve(config: ServerConfig, db: Database): Promise<RunningServer> {
  await prepareDatabase(config, db);
  const seeded = await seedDemoCatalogue(db);
  const generated = await seedGeneratedCatalogue(db, { size: config.catalogueSize });
  // The search index is derived from the catalogue: the search routes fill it when contents are
  // missing from it, as they are after a seed (server/catalogue/search/search-routes.ts).
  const app = await buildApp({ config, db, logger: true });
  const work = trackOpenWork(app.server);
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`${db.kind === 'pglite' ? `embedded database at ${config.dataDir}` : 'PostgreSQL server'}${seeded ? ', demo catalogue seeded' : ''}${generated ? `, ${config.catalogueSize} generated contents seeded` : ''}`);
  app.log.info(`site: ${address}/   player: ${address}/embed?movie_id=2   demo page: ${address}/demo   health: ${address}/healthz ${address}/readyz`);
  let closing: Promise<void> | undefined;
  return {
    url: address,
    close: (reason = 'close') =>
      (closing ??= drainAndClose(reason, work, {
        app,
        closeResources: () => db.close(),
        timeoutMs: config.shutdownTimeoutMs,
        log: (line) => app.log.info(line),
      })),
  };
}

/** Migrations, then a read of every table: a damaged database stops here, before listening. */
async function prepareDatabase(config: ServerConfig, db: Database): Promise<void> {
  try {
    await migrate(db);
    await checkTablesReadable(db);
  } catch (error) {
    if (db.kind !== 'pglite' || config.dataDir.startsWith('memory://') || !looksLikeDamage(error)) throw error;
    throw new Error(damagedMessage(config.dataDir, error instanceof Error ? error.message : String(error)), { cause: error });
  }
}

/** PostgreSQL's classes XX (internal error: data or index corrupted) and 58 (system error: I/O). */
function looksLikeDamage(error: unknown): boolean {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(XX|58)/.test(code);
}

/**
 * SIGTERM and SIGINT drain and close the server, then exit 0; a shutdown past the deadline
 * exits 1, and a second signal ends the process at once (the default action, once ours is spent).
 * Installed before the server starts: a signal during the start waits for it, then closes it.
 */
export function exitOnSignals(starting: Promise<RunningServer>, timeoutMs: number): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        console.error(`${signal}: shutdown did not finish within ${timeoutMs} ms; exiting`);
        process.exit(1);
      }, timeoutMs);
      starting
        .then((server) => server.close(signal))
        .then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(`${signal}: shutdown failed:`, error instanceof Error ? error.message : error);
            process.exit(1);
          },
        );
    });
  }
}

// Run directly (not imported by a test or by scripts/start.ts).
if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const config = loadServerConfig();
    const starting = startServer(config);
    exitOnSignals(starting, config.shutdownTimeoutMs);
    await starting;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
