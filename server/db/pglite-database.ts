import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Embedded PostgreSQL (WebAssembly); `dataDir` is a folder, or 'memory://'. */
export async function openPglite(dataDir: string): Promise<Database> {
  const pg = await PGlite.create(dataDir);
  let closed = false;
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
  };
}
