import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadServerConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';

/** The own collector's admin token (its dashboard and data.json). */
export const OWN_ADMIN_TOKEN = 'own-collector-token-0123456789';

export interface OwnCollector {
  /** http://127.0.0.1:port */
  url: string;
  close(): Promise<void>;
}

/**
 * A collector and dashboard of the test's own, in this process, over an empty in-memory database:
 * the shared server's dashboard adds up every test's views, so figures a test checks to the unit
 * come from a server only that test's players (collectorUrl) and requests reach. /collect answers
 * any origin, so a frame on the shared server sends its batches here.
 */
export async function startOwnCollector(): Promise<OwnCollector> {
  const config = loadServerConfig({
    PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: 'memory://', ADMIN_TOKEN: OWN_ADMIN_TOKEN, COLLECT_RATE_LIMIT: '0',
  });
  const db: Database = await openDatabase({ dataDir: 'memory://' });
  let app: FastifyInstance | undefined;
  try {
    await migrate(db);
    app = await buildApp({ config, db });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const running = app;
    return {
      url,
      async close() {
        await running.close();
        await db.close();
      },
    };
  } catch (error) {
    await app?.close();
    await db.close();
    throw error;
  }
}
