import pg from 'pg';
import type { Database, Queryable } from './queryable.ts';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row & pg.QueryResultRow>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

/** A PostgreSQL server through a connection pool; `schema` sets the search path of every connection. */
export async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid schema name: ${schema}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 8,
    // public stays on the path: the extensions (migration 008) live there, once per database.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  // An idle client that loses its server must not take the process down with it.
  pool.on('error', (error) => console.error('postgres pool error:', error.message));
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  let closed = false;
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
