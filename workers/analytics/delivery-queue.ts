/**
 * The collector's side of analytics delivery (design/REFERENCES.md, mux-embed's rules): events
 * wait in a queue and leave in batches — at most every 10 s, at once for the events that close a
 * chapter (start, error, ended, the view's end) — of at most 300 events and under 60 kB. A batch
 * that fails goes back to the head of the queue and is tried again after the request engine's
 * backoff for the `analytics` kind (src/contract/net/backoff.ts: 1, 2, 4 … 60 s, fuzzed). Every
 * event not yet known delivered is kept by `persist`, so a reload or an app switch loses nothing;
 * the next load sends what an earlier one left, and the collector stores each event id once.
 *
 * At a page hide the page itself sends what is not yet delivered with navigator.sendBeacon (it
 * exists only there, and the page cannot wait for a worker then): `settled` tells it what no
 * longer needs keeping, and `drop` takes out of the queue what its beacon carried.
 */
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS, type AnalyticsEventName } from '../../src/contract/schemas/analytics-constants.ts';
import type { AnalyticsEvent } from '../../src/contract/schemas/analytics-schema.ts';
import { retryDelay } from '../../src/contract/net/backoff.ts';
import { REQUEST_POLICIES } from '../../src/contract/net/request-policies.ts';

/** A batch waits at most this long for company (mux-embed: a beacon every 10 s). */
export const BATCH_INTERVAL_MS = 10_000;
/** These go out at once: the collector should know of a start, an error, an end without delay. */
export const URGENT_EVENTS: ReadonlySet<AnalyticsEventName> = new Set(['view_start', 'error', 'ended', 'view_end']);

/** How a batch went: delivered, worth another try later, or refused for good (a malformed batch). */
export type SendOutcome = 'sent' | 'retry' | 'rejected';

export interface DeliveryOptions {
  /** POSTs one batch's JSON to the collector. */
  send(body: string): Promise<SendOutcome>;
  /** Keeps the events not yet known delivered (replaces the previous copy). */
  persist(events: readonly AnalyticsEvent[]): void;
  /** Delivered, or refused for good: the page need not send these with its beacon. */
  settled?(events: readonly AnalyticsEvent[]): void;
  setTimer(callback: () => void, ms: number): () => void;
  now(): number;
  /** [0, 1), for the retry delay's fuzz. */
  random?: () => number;
}

export interface DeliveryQueue {
  /** Queues events; urgent ones are sent at once unless `send` is false (a hide: the beacon takes them). */
  push(events: readonly AnalyticsEvent[], send?: boolean): void;
  /** Sends what is queued now (a hide, where the beacon is not available, or a test). */
  flush(): Promise<void>;
  /** These left with the page's beacon: they no longer wait (one already on its way stays so). */
  drop(ids: ReadonlySet<string>): void;
  /** How many events wait or are on their way. */
  size(): number;
}

export function createDeliveryQueue(options: DeliveryOptions): DeliveryQueue {
  const random = options.random ?? Math.random;
  let queue: AnalyticsEvent[] = [];
  /** Sent by fetch or handed to the beacon, not yet known delivered: still persisted. */
  const outstanding = new Map<number, AnalyticsEvent[]>();
  let nextBatchId = 1;
  let sending = false;
  let cancelTimer: (() => void) | undefined;
  let timerDueAt = Number.POSITIVE_INFINITY;
  let failures = 0;
  /** While a retry's delay runs, nothing but that retry may send. */
  let retryAt = 0;

  const persist = () => options.persist([...[...outstanding.values()].flat(), ...queue]);

  function schedule(ms: number): void {
    const dueAt = options.now() + ms;
    if (cancelTimer && timerDueAt <= dueAt) return;
    cancelTimer?.();
    timerDueAt = dueAt;
    cancelTimer = options.setTimer(() => {
      cancelTimer = undefined;
      timerDueAt = Number.POSITIVE_INFINITY;
      void flush();
    }, ms);
  }

  /** Takes the head of the queue as one batch within both limits. */
  function takeBatch(): { events: AnalyticsEvent[]; body: string } | undefined {
    if (queue.length === 0) return undefined;
    const events: AnalyticsEvent[] = [];
    // `{"sent_at":…,"events":[…]}` around the events, and a comma between each two.
    let bytes = 40;
    for (const event of queue) {
      const size = byteLength(JSON.stringify(event)) + 1;
      if (events.length > 0 && (events.length >= MAX_BATCH_EVENTS || bytes + size > MAX_BATCH_BYTES)) break;
      events.push(event);
      bytes += size;
    }
    queue = queue.slice(events.length);
    return { events, body: JSON.stringify({ sent_at: Math.round(options.now()), events }) };
  }

  async function flush(): Promise<void> {
    if (sending || options.now() < retryAt) return;
    sending = true;
    try {
      for (let batch = takeBatch(); batch; batch = takeBatch()) {
        const id = nextBatchId++;
        outstanding.set(id, batch.events);
        const outcome = await options.send(batch.body).catch((): SendOutcome => 'retry');
        outstanding.delete(id);
        if (outcome === 'retry') {
          queue = [...batch.events, ...queue];
          failures += 1;
          const delay = retryDelay(REQUEST_POLICIES.analytics, failures, random);
          retryAt = options.now() + delay;
          persist();
          schedule(delay);
          return;
        }
        // Delivered, or refused as malformed: sending it again could not help.
        failures = 0;
        retryAt = 0;
        persist();
        options.settled?.(batch.events);
      }
    } finally {
      sending = false;
    }
  }

  return {
    push(events, send = true) {
      if (events.length === 0) return;
      queue.push(...events);
      persist();
      if (!send) return;
      if (events.some((event) => URGENT_EVENTS.has(event.event))) void flush();
      else schedule(BATCH_INTERVAL_MS);
    },
    flush,
    drop(ids) {
      const kept = queue.filter((event) => !ids.has(event.event_id));
      if (kept.length === queue.length) return;
      queue = kept;
      persist();
    },
    size: () => queue.length + [...outstanding.values()].reduce((sum, events) => sum + events.length, 0),
  };
}

const encoder = new TextEncoder();
function byteLength(text: string): number {
  return encoder.encode(text).byteLength;
}
