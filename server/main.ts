/**
 * The reference server: catalogue API, demo ad server, demo media and the player widget,
 * in one process. `npm start` runs it (after building the widget when needed).
 */
import { buildApp } from './app.ts';
import { loadServerConfig, type ServerConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoCatalogue } from './db/seed.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig = loadServerConfig()): Promise<RunningServer> {
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const seeded = await seedDemoCatalogue(db);
  const app = await buildApp({ config, db, logger: true });
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`${db.kind === 'pglite' ? `embedded database at ${config.dataDir}` : 'PostgreSQL server'}${seeded ? ', demo catalogue seeded' : ''}`);
  app.log.info(`player: ${address}/embed?movie_id=2   demo page: ${address}/`);
  let closing: Promise<void> | undefined;
  return {
    url: address,
    close: () => (closing ??= app.close().then(() => db.close())),
  };
}

// Run directly (not imported by a test or by scripts/start.ts).
if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
}
