import type { ResolvedVast, VastApi, VastSource } from '../../workers/vast/vast.api.ts';
import { workerWithFallback } from './spawn-worker.ts';

export { fillMacros } from '../../workers/vast/vast-macros.ts';
export { offsetSeconds } from '../../workers/vast/vast-time.ts';
export { AD_ERROR, AD_ERROR_MESSAGE, type AdErrorCode } from '../../workers/vast/vast-errors.ts';
export type { AdFailure, ResolvedAd, ResolvedVast, VastSource } from '../../workers/vast/vast.api.ts';
export type { TrackingEvent } from '../../workers/vast/vast-document.ts';
export type { AdOffset } from '../../workers/vast/vast-time.ts';

/**
 * A resolution takes at most a wrapper chain of 6 documents at 5 s each; a worker silent for
 * longer than that has hung, and the inline API takes over.
 */
const WORKER_TIMEOUT_MS = 35_000;

export interface VastClient {
  /** Resolves one ad-list item's VAST; `signal` stops its requests. Never rejects. */
  resolve(source: VastSource, playableTypes: readonly string[], signal: AbortSignal): Promise<ResolvedVast>;
  destroy(): void;
}

/**
 * VAST is fetched and parsed in the VAST worker (the XML parsing stays off the main thread);
 * where no worker can start, or it does not answer, the same API runs inline, loaded lazily.
 */
export function createVastClient(startWorker: (() => Worker) | undefined = defaultWorker()): VastClient {
  const door = workerWithFallback<VastApi>(
    startWorker,
    () => import('../../workers/vast/vast.api.ts').then((module) => module.createVastApi()),
    WORKER_TIMEOUT_MS,
  );
  let nextId = 1;
  return {
    resolve(source, playableTypes, signal) {
      return door.run(async (api) => {
        // Each attempt (the worker's, then the inline one's) gets its own id to cancel by.
        const id = nextId++;
        const cancel = () => void api.cancel(id);
        signal.addEventListener('abort', cancel, { once: true });
        try {
          return await api.resolve(id, source, [...playableTypes]);
        } finally {
          signal.removeEventListener('abort', cancel);
        }
      });
    },
    destroy: () => door.destroy(),
  };
}

function defaultWorker(): (() => Worker) | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return () => new Worker(new URL('../../workers/vast/vast.worker.ts', import.meta.url), { type: 'module', name: 'vast' });
}
