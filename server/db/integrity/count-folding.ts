import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../database.ts';
import { schedulePeriodic } from '../periodic-task.ts';
import { compactCounts } from './table-reads.ts';

/** Each write statement to a counted table adds a row to row_counts: an hour of favourites is a few thousand. */
const FOLD_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Folds the row-count record (migration 016) into one row per table as the server starts and
 * every hour, so a server that runs for months keeps it small, not only one that restarts.
 */
export function scheduleCountFolding(app: FastifyInstance, db: Queryable): void {
  schedulePeriodic(app, { what: 'row count record: folding', everyMs: FOLD_INTERVAL_MS, run: () => compactCounts(db) });
}
