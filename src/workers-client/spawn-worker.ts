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
