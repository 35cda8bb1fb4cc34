import { releaseProxy, wrap, type Remote } from 'comlink';

export interface SpawnedWorker<T> {
  api: Remote<T>;
  /** Idempotent: releases the proxy and ends the worker. */
  terminate(): void;
}

/** The one way to start a worker and wrap it with Comlink; terminate() releases everything. */
export function spawnWorker<T>(worker: Worker): SpawnedWorker<T> {
  const api = wrap<T>(worker);
  let terminated = false;
  return {
    api,
    terminate() {
      if (terminated) return;
      terminated = true;
      api[releaseProxy]();
      worker.terminate();
    },
  };
}

/** The worker's answer, or a rejection after `ms`: a worker that hangs must not hang its caller. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not answer in ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export interface WorkerWithFallback<T> {
  /**
   * Runs `call` on the worker; where no worker can start, or it does not answer within the
   * timeout, it is ended for good and `call` runs on the same API inline (loaded lazily).
   */
  run<R>(call: (api: T | Remote<T>) => Promise<R>): Promise<R>;
  destroy(): void;
}

/** A worker API with the inline fallback every worker of ours has (ARCHITECTURE.md, "worker door"). */
export function workerWithFallback<T>(startWorker: (() => Worker) | undefined, loadInline: () => Promise<T>, timeoutMs: number): WorkerWithFallback<T> {
  let worker: SpawnedWorker<T> | undefined;
  let inline: Promise<T> | undefined;
  return {
    async run(call) {
      if (!worker && startWorker) {
        try {
          worker = spawnWorker<T>(startWorker());
        } catch {
          startWorker = undefined;
        }
      }
      // Its own reference: a call running beside this one may have given the worker up already.
      const current = worker;
      if (current) {
        const answer = await withTimeout(call(current.api), timeoutMs).then((value) => ({ value }), () => undefined);
        if (answer) return answer.value;
        current.terminate();
        if (worker === current) worker = undefined;
        startWorker = undefined;
      }
      return call(await (inline ??= loadInline()));
    },
    destroy() {
      worker?.terminate();
      worker = undefined;
    },
  };
}
