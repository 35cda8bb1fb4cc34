import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer is sent: mail, and whatever would make one answer slower than
 * another (an address with an account must not answer later than one without). Failures are
 * logged; close() waits for what is still running, so nothing outlives the database.
 */
export class BackgroundWork {
  readonly #running = new Set<Promise<void>>();

  private readonly log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }

  run(what: string, task: () => Promise<unknown>): void {
    const done: Promise<void> = Promise.resolve()
      .then(task)
      .then(() => undefined, (error: unknown) => this.log.error({ err: error }, `auth: ${what} failed`))
      .finally(() => this.#running.delete(done));
    this.#running.add(done);
  }

  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running);
  }
}
