import type { AnalyticsEvent } from '../contract/schemas/analytics-schema.ts';
import type { PlayerEventMap, PlayerEventName } from '../core/events.ts';
import type { PlayerError } from '../contract/errors/player-error.ts';
import { createAnalyticsClient, type AnalyticsClient, type AnalyticsInput } from '../workers-client/analytics-client.ts';
import { createViewTracker } from './view-tracker.ts';
import type { AnalyticsApp, WatchedContent } from './analytics-app.ts';
import { analyticsNow, type Recorded, type RecordedEvent } from './recorded-events.ts';
import type { EarlyBeaconConfig } from './early-beacon.ts';
import { tellStatFunction } from './stat-function.ts';
import { viewContext } from './view-context.ts';
import { whenPageIdle } from '../core/yield-to-main.ts';
import { randomUuid } from '../contract/random-id.ts';

export interface AnalyticsOptions {
  app: AnalyticsApp;
  config: EarlyBeaconConfig;
  /** What happened before this chunk arrived, and what of it the entry already gave out (analytics-recorder.ts). */
  recorded: Recorded;
  client?: AnalyticsClient;
  win?: Window;
  doc?: Document;
  /** navigator.sendBeacon. */
  beacon?: (url: string, body: string) => boolean;
  /** Runs the making of events when the page is idle; by default requestIdleCallback. */
  whenIdle?: (run: () => void) => unknown;
}

/** Events per beacon: each is about 1 kB, and a beacon must stay under 64 kB. */
const BEACON_EVENTS = 40;

/**
 * The main thread's part of analytics: it makes the events of the player's (view-tracker.ts: pure
 * and cheap, a few inputs a second), gives them to the frame's stat function (SPEC.md section 1)
 * and to the analytics worker, which batches them to the collector. What the worker has not yet
 * delivered is kept here too: when the page is hidden or goes away, the view's end is made at
 * once and leaves with everything undelivered in navigator.sendBeacon, which outlives the page;
 * nothing waits for a worker's answer the page would not live to hear.
 */
export function startAnalytics(options: AnalyticsOptions): () => void {
  const { app, config, recorded } = options;
  const win = options.win ?? window;
  const doc = options.doc ?? document;
  const client = options.client ?? createAnalyticsClient();
  const beacon = options.beacon ?? ((url: string, body: string) => navigator.sendBeacon(url, body));
  const lifetime = new AbortController();
  const { signal } = lifetime;
  const collectorUrl = config.collectorUrl ? new URL(config.collectorUrl, win.location.href).href : undefined;
  const tracker = createViewTracker();
  /** Made and not yet known delivered: a hide sends these with the beacon. */
  const unsent = new Map<string, AnalyticsEvent>();
  const contextOf = (view: WatchedContent | undefined) => viewContext(view, config, win.location.href);

  /** The events of these inputs, told to the stat function and kept until delivered; those the entry gave out are not given twice. */
  const make = (inputs: AnalyticsInput[]): AnalyticsEvent[] => {
    const events = inputs.flatMap((input) => tracker.take(input));
    tellStatFunction(win, config.statFunction, events.filter((event) => !recorded.heard.has(event.event_id)));
    const fresh = collectorUrl ? events.filter((event) => !recorded.sent.has(event.event_id)) : [];
    for (const event of fresh) unsent.set(event.event_id, event);
    return fresh;
  };
  // Inputs carry their time from the moment they happened; making their events waits for an idle
  // moment, off the path of what the viewer waits for (a seek's frame, the first frame). A hide
  // makes what waits at once, before the view's end.
  const pending: AnalyticsInput[] = [];
  const flush = () => {
    const events = make(pending.splice(0));
    if (events.length > 0) client.push(events);
  };
  const add = (inputs: AnalyticsInput[]) => {
    if (pending.length === 0 && inputs.length > 0) (options.whenIdle ?? whenPageIdle)(flush);
    pending.push(...inputs);
  };
  /** A failure's input: its code, category and id; a failure before any view opens one for its content. */
  const failureInput = (error: PlayerError, t: number, view: WatchedContent | undefined, key?: string): AnalyticsInput =>
    ({ type: 'error', t, key, code: error.code, category: error.category, fatal: error.severity === 'fatal', id: error.id, context: contextOf(view) });

  function inputsOf(name: PlayerEventName, payload: PlayerEventMap[PlayerEventName], t: number): AnalyticsInput[] {
    const event = { name, payload } as { [K in PlayerEventName]: { name: K; payload: PlayerEventMap[K] } }[PlayerEventName];
    switch (event.name) {
      case 'episode': {
        const { view } = app.store.getState();
        if (view.status !== 'ready') return [];
        // A view that opens with the data saver on says so first: its quality is capped from the start.
        const saver = app.dataSaver?.store.getState();
        const opened: AnalyticsInput = { type: 'view', t, episodeId: event.payload.episodeId, context: contextOf(view) };
        return saver?.dataSaver ? [opened, { type: 'data-saver', t, on: true, reason: saver.reason }] : [opened];
      }
      case 'data-saver':
        return [{ type: 'data-saver', t, on: event.payload.on, reason: event.payload.reason }];
      case 'play-requested':
        return [{ type: 'play-requested', t }];
      case 'ad-break':
        return [{ type: 'ad-break', t, ...event.payload }];
      case 'ad':
        return [{ type: 'ad', t, ...event.payload }];
      case 'play':
      case 'pause':
      case 'playing':
      case 'ended':
        return [{ type: event.name, t }];
      case 'waiting':
        return [{ type: 'waiting', t, waiting: event.payload.waiting }];
      case 'seeking':
      case 'seeked':
        return [{ type: event.name, t, currentTime: event.payload.currentTime }];
      case 'content-time':
        return [{ type: 'time', t, currentTime: event.payload.currentTime, duration: event.payload.duration }];
      case 'rendition':
        return [{ type: 'rendition', t, height: event.payload.height }];
      case 'error': {
        const { error } = event.payload;
        return [{ type: 'error', t, code: error.code, category: error.category, fatal: error.severity === 'fatal', id: error.id }];
      }
      case 'ui':
        return [{ type: 'ui', t, ...event.payload }];
      case 'intro-skip':
        return [{ type: 'intro-skip', t, auto: event.payload.auto }];
      case 'credits-start':
        return [{ type: 'credits-start', t }];
      default:
        return [];
    }
  }

  /** An entry's note as inputs named by its key: their events come out under the ids the entry's beacon gave them. */
  function inputsOfNote(note: RecordedEvent): AnalyticsInput[] {
    const { t, key } = note;
    switch (note.name) {
      case 'episode':
        return [{ type: 'view', t, key, episodeId: (note.payload as PlayerEventMap['episode']).episodeId, context: contextOf(note.view) }];
      case 'failed':
        return [...networkOf(note.view, t), failureInput((note.payload as { error: PlayerError }).error, t, note.view, key)];
      case 'hide':
        return [{ type: 'hide', t, key }];
      default:
        return inputsOf(note.name, note.payload as PlayerEventMap[PlayerEventName], t).map((input) => ({ ...input, key }));
    }
  }

  // What came before this chunk, then everything from now on, in order.
  add(recorded.notes.flatMap(inputsOfNote));
  const follow = <K extends PlayerEventName>(name: K) => app.events.on(name, (payload) => add(inputsOf(name, payload, analyticsNow())), { signal });
  for (const name of ['episode', 'play-requested', 'ad-break', 'ad', 'play', 'pause', 'playing', 'ended', 'waiting', 'seeking', 'seeked', 'content-time', 'rendition', 'error', 'ui', 'intro-skip', 'credits-start', 'data-saver'] as const) follow(name);
  followStores(app, add, failureInput, signal);

  void client.start({ collectorUrl, loadId: randomUuid() }, (ids) => {
    for (const id of ids) unsent.delete(id);
  }).catch((error: unknown) => console.warn('Analytics did not start', error));

  // The view's end and everything undelivered leave with the beacon, which outlives the page; once per hiding.
  let hidden = false;
  const hide = () => {
    if (hidden) return;
    hidden = true;
    flush();
    const ended = make([{ type: 'hide', t: analyticsNow() }]);
    const carried = new Set<string>();
    const waiting = [...unsent.values()];
    for (let at = 0; collectorUrl && at < waiting.length; at += BEACON_EVENTS) {
      const batch = waiting.slice(at, at + BEACON_EVENTS);
      if (!beacon(collectorUrl, JSON.stringify({ sent_at: Math.round(analyticsNow()), events: batch }))) continue;
      for (const event of batch) {
        carried.add(event.event_id);
        unsent.delete(event.event_id);
      }
    }
    // The worker keeps a copy of what the beacon did not take (IndexedDB): the next load sends it.
    const left = ended.filter((event) => !carried.has(event.event_id));
    if (left.length > 0) client.push(left);
    if (carried.size > 0) client.beaconed([...carried]);
  };
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') hide();
    else hidden = false;
  }, { signal });
  win.addEventListener('pagehide', hide, { signal });
  return () => lifetime.abort();
}

/** The network class the failed content's core had measured, for the failure's event. */
function networkOf(view: WatchedContent | undefined, t: number): AnalyticsInput[] {
  const networkType = view?.core.store.getState().networkClass;
  return networkType ? [{ type: 'network', t, networkType }] : [];
}

/**
 * Mute, speed and the network class from the core's store; the ad history; the card of a failed
 * load (`failure`: its input; one the entry noted before this chunk is told once, by its id).
 */
function followStores(
  app: AnalyticsApp,
  add: (inputs: AnalyticsInput[]) => void,
  failure: (error: PlayerError, t: number, view: WatchedContent | undefined) => AnalyticsInput,
  signal: AbortSignal,
): void {
  let followed: WatchedContent['core'] | undefined;
  let stopCore: (() => void) | undefined;
  let shown: PlayerError | undefined;
  let lastReady: WatchedContent | undefined;
  const onApp = () => {
    const { view } = app.store.getState();
    if (view.status === 'ready') lastReady = view;
    if (view.status === 'error' && view.error !== shown) {
      shown = view.error;
      const t = analyticsNow();
      add([...networkOf(lastReady, t), failure(view.error, t, lastReady)]);
    }
    const core = view.status === 'ready' ? view.core : undefined;
    if (core === followed) return;
    stopCore?.();
    followed = core;
    if (!core) return;
    let last = { muted: undefined as boolean | undefined, rate: 0, network: undefined as string | undefined };
    const onCore = () => {
      const state = core.store.getState();
      const t = analyticsNow();
      const inputs: AnalyticsInput[] = [];
      if (state.muted !== last.muted) inputs.push({ type: 'muted', t, muted: state.muted });
      if (state.rate !== last.rate) inputs.push({ type: 'rate', t, rate: state.rate });
      if (state.networkClass && state.networkClass !== last.network) inputs.push({ type: 'network', t, networkType: state.networkClass });
      last = { muted: state.muted, rate: state.rate, network: state.networkClass };
      add(inputs);
    };
    onCore();
    stopCore = core.store.subscribe(onCore);
  };
  onApp();
  const stopApp = app.store.subscribe(onApp);
  let history = app.ads.store.getState().history;
  // Ads that loaded before this chunk arrived (a preroll usually has).
  if (history.length > 0) add([{ type: 'ad-history', t: analyticsNow(), items: history.map((item) => ({ ...item })) }]);
  const stopAds = app.ads.store.subscribe(() => {
    const next = app.ads.store.getState().history;
    if (next === history) return;
    history = next;
    add([{ type: 'ad-history', t: analyticsNow(), items: next.map((item) => ({ ...item })) }]);
  });
  signal.addEventListener('abort', () => {
    stopApp();
    stopCore?.();
    stopAds();
  }, { once: true });
}
