import type { ThumbnailCue, ThumbnailsApi } from '../../workers/thumbnails/thumbnails.api.ts';
import type { Result } from '../../workers/shared/result.ts';
import { workerWithFallback } from './spawn-worker.ts';

export { findThumbnail } from '../../workers/thumbnails/thumbnail-lookup.ts';

export type { ThumbnailCue };

/** A worker that has not answered in this long is given up for the inline API. */
const WORKER_TIMEOUT_MS = 10_000;

export interface ThumbnailsClient {
  load(url: string, duration?: number): Promise<Result<ThumbnailCue[]>>;
  destroy(): void;
}

/**
 * Thumbnail files are fetched and parsed in the thumbnails worker; where no worker can start
 * (or it does not answer), the same API runs inline, loaded lazily.
 */
export function createThumbnailsClient(startWorker: (() => Worker) | undefined = defaultWorker()): ThumbnailsClient {
  const door = workerWithFallback<ThumbnailsApi>(
    startWorker,
    () => import('../../workers/thumbnails/thumbnails.api.ts').then((module) => module.createThumbnailsApi()),
    WORKER_TIMEOUT_MS,
  );
  return {
    load: (url, duration) => door.run((api) => api.load(url, duration)),
    destroy: () => door.destroy(),
  };
}

function defaultWorker(): (() => Worker) | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return () => new Worker(new URL('../../workers/thumbnails/thumbnails.worker.ts', import.meta.url), { type: 'module', name: 'thumbnails' });
}
