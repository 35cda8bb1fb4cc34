import type { ThumbnailCue, ThumbnailsApi } from '../../workers/thumbnails/thumbnails.api.ts';
import type { Result } from '../../workers/shared/result.ts';
import { spawnWorker, withTimeout, type SpawnedWorker } from './spawn-worker.ts';

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
  let worker: SpawnedWorker<ThumbnailsApi> | undefined;
  let inline: Promise<ThumbnailsApi> | undefined;
  const inlineApi = () => (inline ??= import('../../workers/thumbnails/thumbnails.api.ts').then((module) => module.createThumbnailsApi()));

  return {
    async load(url, duration) {
      if (!worker && startWorker) {
        try {
          worker = spawnWorker<ThumbnailsApi>(startWorker());
        } catch {
          startWorker = undefined;
        }
      }
      if (worker) {
        const answer = await withTimeout<Result<ThumbnailCue[]>>(worker.api.load(url, duration), WORKER_TIMEOUT_MS).catch(() => undefined);
        if (answer) return answer;
        worker.terminate();
        worker = undefined;
        startWorker = undefined;
      }
      return (await inlineApi()).load(url, duration);
    },
    destroy() {
      worker?.terminate();
      worker = undefined;
    },
  };
}

function defaultWorker(): (() => Worker) | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return () => new Worker(new URL('../../workers/thumbnails/thumbnails.worker.ts', import.meta.url), { type: 'module', name: 'thumbnails' });
}
