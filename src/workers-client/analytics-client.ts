import { proxy } from 'comlink';
import type { AnalyticsEvent } from '../contract/schemas/analytics-schema.ts';
import type { AnalyticsApi, AnalyticsSetup } from '../../workers/analytics/analytics.api.ts';
import { workerWithFallback } from './spawn-worker.ts';

export type { AnalyticsInput, AnalyticsSetup, ViewContext } from '../../workers/analytics/analytics.api.ts';

/** Every call is a quick hand-over; a worker silent this long has hung, and the inline API takes over. */
const WORKER_TIMEOUT_MS = 10_000;

export interface AnalyticsClient {
  start(setup: AnalyticsSetup, settled: ((ids: string[]) => void) | undefined): Promise<void>;
  /** Fire and forget: the events are handed over in order. */
  push(events: AnalyticsEvent[]): void;
  beaconed(ids: string[]): void;
  destroy(): void;
}

/**
 * Analytics delivery runs in its own worker: batching, retries and storage stay off the main
 * thread. Where no worker starts, the same API runs inline.
 */
export function createAnalyticsClient(startWorker: (() => Worker) | undefined = defaultWorker()): AnalyticsClient {
  const door = workerWithFallback<AnalyticsApi>(
    startWorker,
    () => import('../../workers/analytics/analytics.api.ts').then((module) => module.createAnalyticsApi()),
    WORKER_TIMEOUT_MS,
  );
  const ignore = () => undefined;
  return {
    start: (setup, settled) => door.run((api) => api.start(setup, settled ? proxy(settled) : undefined)),
    push: (events) => void door.run((api) => Promise.resolve(api.push(events))).catch(ignore),
    beaconed: (ids) => void door.run((api) => Promise.resolve(api.beaconed(ids))).catch(ignore),
    destroy: () => door.destroy(),
  };
}

function defaultWorker(): (() => Worker) | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return () => new Worker(new URL('../../workers/analytics/analytics.worker.ts', import.meta.url), { type: 'module', name: 'analytics' });
}
