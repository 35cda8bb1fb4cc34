import type { Database } from '../../server/db/database.ts';
import { bearer, newViewer } from './auth-helpers.ts';
import type { TestApp } from './helpers.ts';

/** A new logged-in viewer: the Authorization header to send and the account's id. */
export async function viewerAccount(t: TestApp): Promise<{ headers: Record<string, string>; userId: number }> {
  const { session } = await newViewer(t);
  return { headers: bearer(session.accessToken), userId: session.user.id };
}

/**
 * `count` bare films beyond the demo catalogue, for the per-viewer limits (10 000 favourites,
 * 1 000 contents per playlist), written in one statement; their ids, ascending.
 */
export async function addManyContents(db: Database, count: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO contents (id, slug, title, content_type, year, poster_path)
     SELECT base.next + n, 'bulk-' || (base.next + n), 'Bulk film ' || (base.next + n), 'movie', 2020, '/posters/none.jpg'
     FROM (SELECT COALESCE(max(id), 0) + 1 AS next FROM contents) AS base, generate_series(0, $1::int - 1) AS n
     RETURNING id`,
    [count],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
