/**
 * The analytics worker's API (pure, also runs inline where no worker starts): the main thread
 * hands over inputs; this builds the events (view-tracker.ts), gives them to the page's stat
 * function through `deliver`, and batches them to the collector (delivery-queue.ts), keeping
 * what is not yet delivered in IndexedDB (unsent-store.ts).
 */
import { REQUEST_POLICIES } from '../../src/api/net/request-policies.ts';
import type { AnalyticsEvent } from '../../src/api/analytics-schema.ts';
import type { AnalyticsInput } from './analytics-inputs.ts';
import { createDeliveryQueue, type DeliveryQueue, type SendOutcome } from './delivery-queue.ts';
import { createUnsentStore, type UnsentStore } from './unsent-store.ts';
import { createViewTracker } from './view-tracker.ts';

export type { AnalyticsInput, ViewContext } from './analytics-inputs.ts';

export interface AnalyticsSetup {
  /** Absolute URL of the collector; undefined: events go to the stat function only. */
  collectorUrl: string | undefined;
  /** This frame load's id: its unsent events are kept under it. */
  loadId: string;
}

export interface AnalyticsApi {
  /** Starts delivery; `deliver` gets each event as it is made (the page's stat function). */
  start(setup: AnalyticsSetup, deliver: ((events: AnalyticsEvent[]) => void) | undefined): Promise<void>;
  take(inputs: AnalyticsInput[]): void;
  /**
   * The page is hidden or going away: the view's summary is made, and every waiting batch is
   * handed over for the main thread's sendBeacon (workers have none).
   */
  hide(t: number): Promise<{ id: number; body: string }[]>;
  beaconSent(id: number): void;
  beaconRefused(id: number): void;
}

export interface AnalyticsApiOptions {
  fetchImpl?: typeof fetch;
  store?: (loadId: string) => UnsentStore;
}

export function createAnalyticsApi(options: AnalyticsApiOptions = {}): AnalyticsApi {
  const tracker = createViewTracker();
  const fetchImpl = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let deliver: ((events: AnalyticsEvent[]) => void) | undefined;
  let queue: DeliveryQueue | undefined;
  let store: UnsentStore | undefined;
  /** Inputs that came before start: nothing is lost to the order of the first messages. */
  const early: AnalyticsInput[] = [];
  let started = false;

  function take(inputs: AnalyticsInput[], send = true): void {
    if (!started) {
      early.push(...inputs);
      return;
    }
    const events = inputs.flatMap((input) => tracker.take(input));
    if (events.length === 0) return;
    deliver?.(events);
    queue?.push(events, send);
  }

  return {
    async start(setup, deliverTo) {
      if (started) return;
      deliver = deliverTo;
      if (setup.collectorUrl) {
        const url = setup.collectorUrl;
        store = (options.store ?? createUnsentStore)(setup.loadId);
        queue = createDeliveryQueue({
          send: (body) => post(fetchImpl, url, body),
          persist: (events) => store?.save(events),
          setTimer: (callback, ms) => {
            const id = setTimeout(callback, ms);
            return () => clearTimeout(id);
          },
          now: () => Date.now(),
        });
      }
      started = true;
      take(early.splice(0));
      // What earlier loads could not send goes first (the collector drops what it already has).
      const leftovers = await store?.takeLeftovers();
      if (leftovers?.length) {
        queue?.push(leftovers);
        void queue?.flush();
      }
    },
    take: (inputs) => take(inputs),
    async hide(t) {
      // The view's summary waits for the beacon rather than leaving in a fetch the page may cut.
      take([{ type: 'hide', t }], false);
      if (!queue) return [];
      const batches: { id: number; body: string }[] = [];
      for (let batch = queue.takeForBeacon(); batch; batch = queue.takeForBeacon()) batches.push(batch);
      // The copy is on disk before the page may go: what the beacon loses, the next load sends.
      await store?.settled();
      return batches;
    },
    beaconSent: (id) => queue?.beaconSent(id),
    beaconRefused: (id) => queue?.beaconRefused(id),
  };
}

/** Browsers refuse keepalive requests whose bodies (together, in flight) pass 64 kB. */
const KEEPALIVE_BODY_LIMIT = 60_000;

/**
 * One batch to the collector, with the `analytics` request policy's time limit: its own headers
 * only, no cookies, and outliving the page when small enough. 400 and 413 are final: a malformed
 * batch stays malformed. The queue retries the rest.
 */
async function post(fetchImpl: typeof fetch, url: string, body: string): Promise<SendOutcome> {
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      credentials: 'omit',
      keepalive: body.length < KEEPALIVE_BODY_LIMIT,
      signal: AbortSignal.timeout(REQUEST_POLICIES.analytics.maxLoadTimeMs),
    });
    if (response.ok) return 'sent';
    return response.status === 400 || response.status === 413 ? 'rejected' : 'retry';
  } catch {
    return 'retry';
  }
}
