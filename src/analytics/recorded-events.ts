/**
 * The notes the entry keeps of the player's events until the analytics chunk takes them over
 * (analytics-recorder.ts writes them; the early beacon and the chunk read them).
 */
import type { PlayerEventMap, PlayerEventName } from '../core/events.ts';
import type { PlayerError } from '../contract/errors/player-error.ts';
import type { WatchedContent } from './analytics-app.ts';

/** A player event as it happened, with its time on the epoch scale of the page's monotonic clock. */
export interface RecordedEvent {
  /** A player event; 'failed': the card replaced the player; 'hide': the page was hidden or left. */
  name: PlayerEventName | 'failed' | 'hide';
  payload: PlayerEventMap[PlayerEventName] | { error: PlayerError } | Record<string, never>;
  t: number;
  /** The frame load's id and this note's number: the events made of it are named by it (keyedEventId). */
  key: string;
  /** 'episode' and 'failed': the content on screen then (a failure: the last one shown, if any). */
  view?: WatchedContent | undefined;
}

/** What the analytics chunk takes over: the notes, and the ids of the events the entry already gave out. */
export interface Recorded {
  notes: RecordedEvent[];
  /** Given to the page's stat function. */
  heard: Set<string>;
  /** Taken by the browser's beacon. */
  sent: Set<string>;
}

export const analyticsNow = (): number => performance.timeOrigin + performance.now();
