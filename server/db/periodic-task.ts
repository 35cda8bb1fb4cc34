import type { FastifyInstance } from 'fastify';

export interface PeriodicTask {
  /** What runs, for the log line: 'ad tracking hits'. */
  what: string;
  /** Milliseconds between runs; the first runs as the app becomes ready. */
  everyMs: number;
  /** The work; a rejection is logged and the next run goes ahead. */
  run: () => Promise<void>;
}

/**
 * Upkeep the server does on its own while it runs (pruning, folding). Runs never overlap, the
 * timer does not keep the process alive, and a run still going when the app closes is awaited,
 * so it never outlives the database.
 */
export function schedulePeriodic(app: FastifyInstance, { what, everyMs, run }: PeriodicTask): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const start = () => {
    running = running.then(run).catch((error: unknown) => app.log.error({ err: error }, `${what}: failed`));
  };
  app.addHook('onReady', async () => {
    start();
    timer = setInterval(start, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
