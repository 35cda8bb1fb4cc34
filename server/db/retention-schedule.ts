import type { FastifyInstance } from 'fastify';
import { schedulePeriodic } from './periodic-task.ts';

/** Often enough that a table never holds much more than its retention; the deletes are indexed. */
const PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export interface RetentionOptions {
  /** What is pruned, for the log line: 'ad tracking hits'. */
  what: string;
  /** Rows older than this many days go; 0: never. */
  days: number;
  /** Deletes them; returns how many went. */
  prune: (days: number) => Promise<number>;
}

/** Keeps a table bounded: prunes on start and every 6 hours. */
export function scheduleRetention(app: FastifyInstance, { what, days, prune }: RetentionOptions): void {
  if (days <= 0) return;
  schedulePeriodic(app, {
    what: `${what}: retention`,
    everyMs: PRUNE_INTERVAL_MS,
    run: async () => {
      const deleted = await prune(days);
      if (deleted > 0) app.log.info(`${what}: ${deleted} older than ${days} days deleted`);
    },
  });
}
