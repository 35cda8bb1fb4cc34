import { proxy } from 'comlink';
import type { AnalyticsEvent } from '../api/analytics-schema.ts';
import type { AnalyticsApi, AnalyticsInput, AnalyticsSetup } from '../../workers/analytics/analytics.api.ts';
import { workerWithFallback } from './spawn-worker.ts';

export type { AnalyticsInput, AnalyticsSetup, ViewContext } from '../../workers/analytics/analytics.api.ts';

/** Every call is a quick hand-over; a worker silent this long has hung, and the inline API takes over. */
const WORKER_TIMEOUT_MS = 10_000;

export interface AnalyticsClient {
  start(setup: AnalyticsSetup, deliver: ((events: AnalyticsEvent[]) => void) | undefined): Promise<void>;
  /** Fire and forget: the inputs are handed over in order. */
  take(inputs: AnalyticsInput[]): void;
  hide(t: number): Promise<{ id: number; body: string }[]>;
  beaconSent(id: number): void;
  beaconRefused(id: number): void;
  destroy(): void;
}

/**
 * Analytics run in their own worker: building payloads, throttles, batching and storage stay off
 * the main thread, which only forwards the player's events. Where no worker starts, the same API
 * runs inline.
 */
export function createAnalyticsClient(startWorker: (() => Worker) | undefined = defaultWorker()): AnalyticsClient {
  const door = workerWithFallback<AnalyticsApi>(
    startWorker,
    () => import('../../workers/analytics/analytics.api.ts').then((module) => module.createAnalyticsApi()),
    WORKER_TIMEOUT_MS,
  );
  const ignore = () => undefined;
  return {
    start: (setup, deliver) => door.run((api) => api.start(setup, deliver ? proxy(deliver) : undefined)),
    take: (inputs) => void door.run((api) => Promise.resolve(api.take(inputs))).catch(ignore),
    hide: (t) => door.run((api) => Promise.resolve(api.hide(t))),
    beaconSent: (id) => void door.run((api) => Promise.resolve(api.beaconSent(id))).catch(ignore),
    beaconRefused: (id) => void door.run((api) => Promise.resolve(api.beaconRefused(id))).catch(ignore),
    destroy: () => door.destroy(),
  };
}

function defaultWorker(): (() => Worker) | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return () => new Worker(new URL('../../workers/analytics/analytics.worker.ts', import.meta.url), { type: 'module', name: 'analytics' });
}
