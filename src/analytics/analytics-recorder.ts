import type { PlayerError } from '../contract/errors/player-error.ts';
import { randomUuid } from '../contract/random-id.ts';
import type { AnalyticsApp, WatchedContent } from './analytics-app.ts';
import { sendEarlyBeacon, type EarlyBeaconConfig } from './early-beacon.ts';
import { analyticsNow, type Recorded, type RecordedEvent } from './recorded-events.ts';

/** Enough for a slow start with a preroll (time updates come 4 a second); older ones are dropped. */
const MAX_RECORDED = 2000;

/**
 * From the first moment, the player's events are noted for analytics, which load later as their
 * own chunk (nothing of them is on the way to the first frame): the play request and the start-up
 * that follows are measured from these notes, not from when the chunk arrived. Until the chunk
 * takes them over, a page hidden or left sends what they make with the entry's own beacon
 * (early-beacon.ts): a viewer who leaves in the first seconds is still a view, with its end.
 */
export function recordPlayerEvents(
  app: AnalyticsApp,
  config: EarlyBeaconConfig,
  win: Window = window,
  doc: Document = document,
): { stop(): Recorded } {
  const recorded: Recorded = { notes: [], heard: new Set(), sent: new Set() };
  const { notes } = recorded;
  const loadId = randomUuid();
  let count = 0;
  let lastReady: WatchedContent | undefined;
  let failedWith: PlayerError | undefined;
  const listening = new AbortController();
  const { signal } = listening;
  const note = (name: RecordedEvent['name'], payload: RecordedEvent['payload'], view?: WatchedContent) => {
    if (notes.length >= MAX_RECORDED) notes.shift();
    notes.push({ name, payload, t: analyticsNow(), key: `${loadId}-${(count++).toString(36)}`, view });
  };
  app.events.onEvery((payload, name) => note(name, payload, name === 'episode' ? lastReady : undefined), { signal });
  // The view opens once its content and episode are known, before its source: a viewer who asks
  // for the film and leaves while it loads has a view that never started.
  const stopStore = app.store.subscribe(() => {
    const { view } = app.store.getState();
    if (view.status === 'ready') {
      if (view.current.episode.id !== lastReady?.current.episode.id) note('episode', { episodeId: view.current.episode.id }, view);
      lastReady = view;
    } else if (view.status === 'error' && view.error !== failedWith) {
      failedWith = view.error;
      note('failed', { error: view.error }, lastReady);
    }
  });
  // Once per hiding: a page left is often hidden first.
  let hidden = false;
  const hide = () => {
    if (hidden) return;
    hidden = true;
    note('hide', {});
    sendEarlyBeacon(recorded, { app, config, lastReady, win });
  };
  doc.addEventListener('visibilitychange', () => (doc.visibilityState === 'hidden' ? hide() : (hidden = false)), { signal });
  win.addEventListener('pagehide', hide, { signal });
  return {
    stop() {
      listening.abort();
      stopStore();
      return { ...recorded, notes: notes.splice(0) };
    },
  };
}

/** A start slower than this loads analytics anyway: that viewer may leave before the first frame. */
const SLOW_START_MS = 3000;

/**
 * Analytics arrive once the buffer is safe, so nothing of them competes with the film — or
 * sooner, when the start is slow (a play request that has not started 3 s later) or the page is
 * hidden: that viewer may leave before the first frame, and an exit before the start is counted.
 * The listeners stay; each later `resolve` does nothing.
 */
export function analyticsSooner(app: Pick<AnalyticsApp, 'events'>, doc: Document = document): Promise<void> {
  return new Promise((resolve) => {
    let started = false;
    app.events.on('playing', () => (started = true));
    app.events.on('play-requested', () => setTimeout(() => started || resolve(), SLOW_START_MS));
    doc.addEventListener('visibilitychange', () => doc.hidden && resolve());
  });
}
