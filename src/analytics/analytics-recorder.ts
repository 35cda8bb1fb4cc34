import { PLAYER_EVENT_NAMES, type PlayerEventMap, type PlayerEventName, type PlayerEvents } from '../core/events.ts';
import type { PlayerApp } from '../app/player-app.ts';

/** A player event as it happened, with its time on the epoch scale of the page's monotonic clock. */
export interface RecordedEvent {
  name: PlayerEventName;
  payload: PlayerEventMap[PlayerEventName];
  t: number;
}

/** Enough for a slow start with a preroll (time updates come 4 a second); older ones are dropped. */
const MAX_RECORDED = 2000;

export const analyticsNow = (): number => performance.timeOrigin + performance.now();

/**
 * From the first moment, the player's events are noted for analytics, which load later as their
 * own chunk (nothing of them is on the way to the first frame): the play request and the start-up
 * that follows are measured from these notes, not from when the chunk arrived.
 */
export function recordPlayerEvents(events: Pick<PlayerEvents, 'on'>): { stop(): RecordedEvent[] } {
  const recorded: RecordedEvent[] = [];
  const listening = new AbortController();
  for (const name of PLAYER_EVENT_NAMES) {
    events.on(name, (payload) => {
      if (recorded.length >= MAX_RECORDED) recorded.shift();
      recorded.push({ name, payload, t: analyticsNow() });
    }, { signal: listening.signal });
  }
  return {
    stop() {
      listening.abort();
      return recorded.splice(0);
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
export function analyticsSooner(app: Pick<PlayerApp, 'events'>, doc: Document = document): Promise<void> {
  return new Promise((resolve) => {
    let started = false;
    app.events.on('playing', () => (started = true));
    app.events.on('play-requested', () => setTimeout(() => started || resolve(), SLOW_START_MS));
    doc.addEventListener('visibilitychange', () => doc.hidden && resolve());
  });
}
