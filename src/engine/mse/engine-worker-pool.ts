/**
 * The engine worker, started ahead of need: fetching and compiling its script costs round trips
 * that would otherwise sit between "the source is known" and "the first segment is requested".
 * One spare at most; whoever takes it owns it.
 */
let spare: Worker | undefined;

function startEngineWorker(): Worker {
  return new Worker(new URL('../../../workers/engine/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });
}

/** Starts the spare worker if there is none. */
export function prewarmEngineWorker(): void {
  spare ??= startEngineWorker();
}

/** The spare worker if one is ready, else a new one. */
export function takeEngineWorker(): Worker {
  const worker = spare ?? startEngineWorker();
  spare = undefined;
  return worker;
}
