/**
 * The reference server: catalogue API, demo ad server, demo media and the player widget,
 * in one process. `npm start` runs it (after building the widget when needed).
 */
import { constants } from 'node:os';
import { buildApp } from './app.ts';
import { loadServerConfig, type ServerConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedGeneratedCatalogue } from './db/generated-catalogue.ts';
import { seedDemoCatalogue } from './db/seed.ts';
import { damagedDatabaseMessage, damageOfReadError, DatabaseDamage, type DatabasePlace } from './db/integrity/damage.ts';
import { verifyDatabase, type Verification } from './db/integrity/verify-database.ts';
import { closingState, drainAndClose, trackOpenWork } from './http/graceful-shutdown.ts';

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
  const verified = await prepareDatabase(config, db);
  const seeded = await seedDemoCatalogue(db);
  const generated = await seedGeneratedCatalogue(db, { size: config.catalogueSize });
  // The search index is derived from the catalogue: the search routes fill it when contents are
  // missing from it, as they are after a seed (server/catalogue/search/search-routes.ts).
  const readiness = closingState();
  const app = await buildApp({ config, db, logger: true, closing: readiness });
  const work = trackOpenWork(app.server);
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`${db.kind === 'pglite' ? `embedded database at ${config.dataDir}` : 'PostgreSQL server'}${seeded ? ', demo catalogue seeded' : ''}${generated ? `, ${config.catalogueSize} generated contents seeded` : ''}`);
  app.log.info(`database checked in ${verified.ms} ms: ${verified.tables} tables read whole, row counts as written, indexes by ${verified.indexes}`);
  app.log.info(`site: ${address}/   player: ${address}/embed?movie_id=2   demo page: ${address}/demo   health: ${address}/healthz ${address}/readyz`);
  let closing: Promise<void> | undefined;
  return {
    url: address,
    close: (reason = 'close') =>
      (closing ??= drainAndClose(reason, work, {
        app,
        closeResources: () => db.close(),
        timeoutMs: config.shutdownTimeoutMs,
        closing: readiness,
        graceMs: config.drainGraceMs,
        log: (line) => app.log.info(line),
      })),
  };
}

/**
 * Migrations, then the start-up check (server/db/integrity/verify-database.ts): a damaged
 * database stops here, before listening, with one message saying where it is and what to do.
 */
async function prepareDatabase(config: ServerConfig, db: Database): Promise<Verification> {
  try {
    await migrate(db).catch((error: unknown) => {
      throw damageOfReadError('the schema', error) ?? error;
    });
    return await verifyDatabase(db);
  } catch (error) {
    if (!(error instanceof DatabaseDamage)) throw error;
    throw new Error(damagedDatabaseMessage(placeOf(config), error.finding), { cause: error });
  }
}

function placeOf(config: ServerConfig): DatabasePlace {
  return config.databaseUrl ? { kind: 'url', url: config.databaseUrl } : { kind: 'data-dir', dir: config.dataDir };
}

/**
 * SIGTERM and SIGINT drain and close the server, then exit 0; a shutdown past the deadline
 * exits 1, and a second signal ends the process at once (exit 128 + the signal's number).
 * Installed before the server starts: a signal during the start waits for it, then closes it.
 * The handlers stay installed: proper-lockfile's signal-exit kills the process itself when it
 * finds no other handler of the signal, whichever of the two was loaded first.
 */
export function exitOnSignals(starting: Promise<RunningServer>, timeoutMs: number): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(128 + constants.signals[signal]);
      stopping = true;
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
