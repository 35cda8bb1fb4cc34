import type { EngineApi } from '../../workers/engine/engine.api.ts';
import { spawnWorker, type SpawnedWorker } from './spawn-worker.ts';

// Where MediaSource cannot live in the worker, the main thread runs the worker's own buffer queue
// on the operations the worker sends (src/engine/mse/main-thread-media-source.ts).
export { SourceBufferQueue } from '../../workers/engine/media/source-buffer-queue.ts';

/**
 * A worker that has not opened its stream in this long is given up: the core then plays the
 * source through the next engine. Generous: on a 3G link the worker's script (about 34 kB
 * compressed) is fetched first.
 */
export const ENGINE_OPEN_TIMEOUT_MS = 10_000;

/**
 * The engine worker, started ahead of need: fetching and compiling its script costs round trips
 * that would otherwise sit between "the source is known" and "the first segment is requested".
 * One spare at most; whoever takes it owns it.
 */
let spare: Worker | undefined;

function startEngineWorker(): Worker {
  return new Worker(new URL('../../workers/engine/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });
}

/** Starts the spare worker if there is none. */
export function prewarmEngineWorker(): void {
  spare ??= startEngineWorker();
}

/** The engine worker, wrapped: the spare one if it is ready, else a new one. Throws where no worker can start. */
export function spawnEngineWorker(): SpawnedWorker<EngineApi> {
  const worker = spare ?? startEngineWorker();
  spare = undefined;
  return spawnWorker<EngineApi>(worker);
}
