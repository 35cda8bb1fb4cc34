/**
 * The player's state as a host page sees it: what the SDK mirrors so `player.state.currentTime`
 * is synchronous. The frame sends it whole in `ready` and then only the fields that changed, with
 * each event and each command's result, so the mirror is current when either arrives.
 */

/** An episode as the host names it: the catalogue's id, and its season and episode numbers. */
export interface HostEpisodeRef {
  id: number;
  /** The season's order (1-based). */
  season: number;
  /** The episode's order in its season (1-based). */
  episode: number;
  title: string;
}

export interface HostVariantRef {
  id: number;
  title: string;
}

export interface HostAudioTrackRef {
  /** The value setAudioTrack takes. */
  index: number;
  label: string;
  language: string;
}

export interface HostSubtitleRef {
  /** The value setSubtitle takes. */
  id: string;
  label: string;
  language: string;
}

/** What an ad break shows, with the Russian ad marking (the label «Реклама», advertiser, erid). */
export interface HostAdBreak {
  breakType: 'preroll' | 'midroll';
  /** Ads in the break (its pod size), and which one is on screen (1-based). */
  podSize: number;
  position: number;
  label: 'Реклама';
  advertiser: string | null;
  erid: string | null;
}

/** An error from the player's error table (SPEC.md section 8), with the id the viewer sees. */
export interface HostError {
  code: number;
  message: string;
  id: string;
}

export interface PlayerSnapshot {
  /** loading: the content is on its way; ready: it can play; error: the error card shows. */
  status: 'loading' | 'ready' | 'error';
  contentId: number | null;
  title: string | null;
  currentTime: number;
  /** Seconds; null until known (and for a live stream). */
  duration: number | null;
  paused: boolean;
  ended: boolean;
  seeking: boolean;
  /** Waiting for data for 300 ms or more (SPEC.md section 9). */
  buffering: boolean;
  volume: number;
  muted: boolean;
  rate: number;
  /** The viewer's choice: 'auto' or a height in pixels. */
  quality: 'auto' | number;
  /** The height on screen now; null before the first picture. */
  playingHeight: number | null;
  /** Heights on offer, highest first. */
  qualities: number[];
  audioTracks: HostAudioTrackRef[];
  /** The audio track's index; -1 before the stream says. */
  audioTrack: number;
  subtitles: HostSubtitleRef[];
  /** The subtitle track's id; null when subtitles are off. */
  subtitle: string | null;
  episode: HostEpisodeRef | null;
  variant: HostVariantRef | null;
  /** The voice-overs of the episode on screen. */
  variants: HostVariantRef[];
  /** Every episode, in playing order (season, then episode). */
  episodes: HostEpisodeRef[];
  fullscreen: boolean;
  /** The break whose ad is on screen; null while the film is (a break still loading its ads included). */
  ad: HostAdBreak | null;
  error: HostError | null;
  /** The data saver is on (Auto at 480p at most, a shorter buffer): by the host, the viewer or the browser's hint. */
  dataSaver: boolean;
}

export const EMPTY_SNAPSHOT: PlayerSnapshot = Object.freeze({
  status: 'loading',
  contentId: null,
  title: null,
  currentTime: 0,
  duration: null,
  paused: true,
  ended: false,
  seeking: false,
  buffering: false,
  volume: 1,
  muted: false,
  rate: 1,
  quality: 'auto',
  playingHeight: null,
  qualities: [],
  audioTracks: [],
  audioTrack: -1,
  subtitles: [],
  subtitle: null,
  episode: null,
  variant: null,
  variants: [],
  episodes: [],
  fullscreen: false,
  ad: null,
  error: null,
  dataSaver: false,
}) as PlayerSnapshot;

const SNAPSHOT_KEYS = Object.keys(EMPTY_SNAPSHOT) as Array<keyof PlayerSnapshot>;

/**
 * The fields of `next` that differ from `previous` (compared by value: both sides send fresh
 * objects). Empty when nothing changed.
 */
export function snapshotChanges(previous: PlayerSnapshot, next: PlayerSnapshot): Partial<PlayerSnapshot> {
  const changes: Partial<Record<keyof PlayerSnapshot, unknown>> = {};
  for (const key of SNAPSHOT_KEYS) {
    if (!sameValue(previous[key], next[key])) changes[key] = next[key];
  }
  return changes as Partial<PlayerSnapshot>;
}

/**
 * `base` with `changes` applied: only the snapshot's own keys, each taken only when its type
 * matches the field's (a message is data from another origin). A fresh frozen object.
 */
export function applySnapshotChanges(base: PlayerSnapshot, changes: unknown): PlayerSnapshot {
  if (typeof changes !== 'object' || changes === null) return base;
  const next: Record<string, unknown> = { ...base };
  let changed = false;
  for (const key of SNAPSHOT_KEYS) {
    if (!Object.hasOwn(changes, key)) continue;
    const value = (changes as Record<string, unknown>)[key];
    if (!fitsField(EMPTY_SNAPSHOT[key], value)) continue;
    next[key] = value;
    changed = true;
  }
  return changed ? (Object.freeze(next) as unknown as PlayerSnapshot) : base;
}

/** A loose type check against the empty snapshot's field: null-able fields take null or an object/number. */
function fitsField(empty: unknown, value: unknown): boolean {
  if (value === null) return empty === null || typeof empty === 'object';
  if (Array.isArray(empty)) return Array.isArray(value);
  if (empty === null) return typeof value === 'object' || typeof value === 'number' || typeof value === 'string';
  if (typeof empty === 'string' && typeof value === 'number') return true; // quality: 'auto' or a height
  return typeof value === typeof empty;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
