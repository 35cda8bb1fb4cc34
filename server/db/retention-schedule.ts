import type { FastifyInstance } from 'fastify';

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

/**
 * Keeps a table bounded: prunes on start and every 6 hours. A prune still running when the app
 * closes is awaited, so it never outlives the database.
 */
export function scheduleRetention(app: FastifyInstance, { what, days, prune }: RetentionOptions): void {
  if (days <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(() => prune(days))
      .then((deleted) => {
        if (deleted > 0) app.log.info(`${what}: ${deleted} older than ${days} days deleted`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, `${what}: retention failed`));
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, PRUNE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
