import type { Queryable } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';

/**
 * 404 unless the catalogue has the content: every per-viewer write names one. A query the viewer's
 * repositories share; routes reach it only through them.
 */
export async function requireContent(db: Queryable, contentId: number): Promise<void> {
  const rows = await db.query('SELECT 1 FROM contents WHERE id = $1', [contentId]);
  if (rows.length === 0) throw new HttpError(404, `content ${contentId} not found`);
}
