/**
 * The analytics worker's API (pure, also runs inline where no worker starts): the page makes the
 * events (view-tracker.ts runs there, so a hide can end the view at once) and hands them over;
 * this batches them to the collector (delivery-queue.ts), keeping what is not yet delivered in
 * IndexedDB (unsent-store.ts), and tells the page what was delivered: what the page still keeps
 * leaves with its own beacon when it is hidden or goes away.
 */
import { isRetryable } from '../../src/contract/net/backoff.ts';
import { createRequestEngine, FetchFailure, type RequestEngine } from '../../src/contract/net/request-engine.ts';
import { REQUEST_POLICIES } from '../../src/contract/net/request-policies.ts';
import type { AnalyticsEvent } from '../../src/contract/schemas/analytics-schema.ts';
import { createDeliveryQueue, type DeliveryQueue, type SendOutcome } from './delivery-queue.ts';
import { createUnsentStore, type UnsentStore } from './unsent-store.ts';

export type { AnalyticsInput, ViewContext } from './analytics-inputs.ts';

export interface AnalyticsSetup {
  /** Absolute URL of the collector; undefined: events go to the stat function only. */
  collectorUrl: string | undefined;
  /** This frame load's id: its unsent events are kept under it. */
  loadId: string;
}

export interface AnalyticsApi {
  /** Starts delivery; `settled` hears the ids of events delivered (or refused for good). */
  start(setup: AnalyticsSetup, settled: ((ids: string[]) => void) | undefined): Promise<void>;
  /** Queues events for the collector, in order. */
  push(events: AnalyticsEvent[]): void;
  /** These left with the page's beacon: they no longer wait. */
  beaconed(ids: string[]): void;
}

export interface AnalyticsApiOptions {
  fetchImpl?: typeof fetch;
  store?: (loadId: string) => UnsentStore;
}

export function createAnalyticsApi(options: AnalyticsApiOptions = {}): AnalyticsApi {
  // No filters: the catalogue's headers and the viewer's token are not for the collector.
  const requests = createRequestEngine({ fetchImpl: options.fetchImpl ?? ((input, init) => fetch(input, init)) });
  let queue: DeliveryQueue | undefined;
  /** Events that came before start: nothing is lost to the order of the first messages. */
  const early: AnalyticsEvent[] = [];
  let started = false;

  return {
    async start(setup, settled) {
      if (started) return;
      started = true;
      if (!setup.collectorUrl) {
        early.length = 0;
        return;
      }
      const url = setup.collectorUrl;
      const store = (options.store ?? createUnsentStore)(setup.loadId);
      queue = createDeliveryQueue({
        send: (body) => post(requests, url, body),
        persist: (events) => store.save(events),
        settled: (events) => settled?.(events.map((event) => event.event_id)),
        setTimer: (callback, ms) => {
          const id = setTimeout(callback, ms);
          return () => clearTimeout(id);
        },
        now: () => Date.now(),
      });
      queue.push(early.splice(0));
      // What earlier loads could not send goes first (the collector drops what it already has).
      const leftovers = await store.takeLeftovers();
      if (leftovers.length) {
        queue.push(leftovers);
        void queue.flush();
      }
    },
    push(events) {
      if (!started) early.push(...events);
      else queue?.push(events);
    },
    beaconed: (ids) => queue?.drop(new Set(ids)),
  };
}

/** Browsers refuse keepalive requests whose bodies (together, in flight) pass 64 kB. */
const KEEPALIVE_BODY_LIMIT = 60_000;

/**
 * One batch to the collector through the request engine (the `analytics` kind: one attempt, 5 s):
 * its own headers only, no cookies, and outliving the page when small enough. What the policy
 * calls retryable is tried again by the queue; a refusal of the batch itself (400, 413) is final.
 */
async function post(requests: RequestEngine, url: string, body: string): Promise<SendOutcome> {
  try {
    await requests.request(url, {
      kind: 'analytics',
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      credentials: 'omit',
      keepalive: body.length < KEEPALIVE_BODY_LIMIT,
      signal: new AbortController().signal,
    });
    return 'sent';
  } catch (error) {
    return error instanceof FetchFailure && !isRetryable(REQUEST_POLICIES.analytics.retryOn, error.failure) ? 'rejected' : 'retry';
  }
}
