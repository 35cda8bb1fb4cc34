import type { FastifyInstance } from 'fastify';
import type { AnalyticsRepository } from './analytics-repository.ts';

/** Often enough that the table never holds much more than the retention; the delete is indexed. */
const PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Keeps the events table bounded: events that arrived more than `days` days ago are deleted on
 * start and every 6 hours (0 days: never). A prune still running when the app closes is awaited,
 * so it never outlives the database.
 */
export function scheduleAnalyticsRetention(app: FastifyInstance, analytics: AnalyticsRepository, days: number): void {
  if (days <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const prune = () => {
    running = running
      .then(() => analytics.deleteReceivedBefore(days))
      .then((deleted) => {
        if (deleted > 0) app.log.info(`analytics: ${deleted} events older than ${days} days deleted`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'analytics retention failed'));
  };
  app.addHook('onReady', async () => {
    prune();
    timer = setInterval(prune, PRUNE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
