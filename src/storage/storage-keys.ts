/**
 * The saved keys and their value shapes, as data (SPEC.md section 3, "Browser local storage
 * keys"; defaults from section 9). Every stored value passes a hand-written guard before use:
 * a corrupt record keeps its good entries, a corrupt scalar falls back to its default.
 */

/** Preferences remembered per source URL (SPEC.md section 3: "per source"). */
export interface SourcePreferences {
  readonly time?: number;
  readonly volume?: number;
  readonly muted?: boolean;
  readonly rate?: number;
  readonly audioGain?: number;
  readonly quality?: number | 'auto';
}

/** Seconds watched: plain for an episode without variants, else per variant id. */
export type EpisodeTime = number | Readonly<Record<string, number>>;

export interface StorageValues {
  /** Content id to the chosen audio track label. */
  readonly favoriteAudioTracks: Readonly<Record<string, string>>;
  /** Episode id to seconds, or to a map of variant id to seconds. */
  readonly episodesTimeProgress: Readonly<Record<string, EpisodeTime>>;
  /**
   * When each time of episodesTimeProgress was saved (milliseconds, the same shape: per episode,
   * or per variant), so the newer of it and the server's copy wins. A time without
   * one was saved before it existed and counts as older than any other.
   */
  readonly episodesTimeProgressSavedAt: Readonly<Record<string, EpisodeTime>>;
  /** Episode ids of episodesTimeProgress, least recently saved first (for the cap). */
  readonly episodesTimeProgressOrder: readonly string[];
  /** Content id to the chosen variant title (SPEC.md section 5: "by given id or saved title"). */
  readonly episodeVariants: Readonly<Record<string, string>>;
  /** 0..1, default 1. */
  readonly 'player-volume': number;
  /** Default false. */
  readonly 'player-muted': boolean;
  /** The viewer's 'Всегда пропускать': an intro reached by playing is skipped without a click. Default false. */
  readonly alwaysSkipIntro: boolean;
  /** The viewer's data saver switch; null (the default): never touched, the browser's hint decides. */
  readonly dataSaver: boolean | null;
  /** Source URL to its preferences. */
  readonly sourcePreferences: Readonly<Record<string, SourcePreferences>>;
  /** Source URLs of sourcePreferences, least recently saved first (for the cap). */
  readonly sourcePreferencesOrder: readonly string[];
}

export type StorageKey = keyof StorageValues;

export interface StorageKeySpec<T> {
  /** The usable part of a stored value, or undefined when nothing in it is usable. */
  readonly parse: (raw: unknown) => T | undefined;
  readonly defaultValue: T;
}

/** Capped records keep at most this many entries, dropping the least recently saved. */
export const MAX_RECORD_ENTRIES = 500;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isSeconds = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const inRange = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && value >= min && value <= max; // NaN fails both comparisons

/** A record keeping only the entries its entry guard accepts; Object.fromEntries never touches a prototype. */
function recordOf<T>(parseEntry: (raw: unknown) => T | undefined) {
  return (raw: unknown): Readonly<Record<string, T>> | undefined => {
    if (!isObject(raw)) return undefined;
    const entries: Array<[string, T]> = [];
    for (const [key, value] of Object.entries(raw)) {
      const entry = parseEntry(value);
      if (entry !== undefined) entries.push([key, entry]);
    }
    return Object.freeze(Object.fromEntries(entries));
  };
}

const parseFlag = (raw: unknown): boolean | undefined => (typeof raw === 'boolean' ? raw : undefined);
const parseLabel = (raw: unknown): string | undefined => (typeof raw === 'string' && raw !== '' ? raw : undefined);
const parseSeconds = (raw: unknown): number | undefined => (isSeconds(raw) ? raw : undefined);
const parseVariantTimes = recordOf(parseSeconds);

function parseEpisodeTime(raw: unknown): EpisodeTime | undefined {
  if (isSeconds(raw)) return raw;
  const perVariant = parseVariantTimes(raw);
  return perVariant && Object.keys(perVariant).length > 0 ? perVariant : undefined;
}

/** Bounds from SPEC.md sections 5 and 9: volume 0..1, speed up to 2, audio gain options 1..4. */
function parseSourcePreferences(raw: unknown): SourcePreferences | undefined {
  if (!isObject(raw)) return undefined;
  const out: { -readonly [K in keyof SourcePreferences]: SourcePreferences[K] } = {};
  if (isSeconds(raw.time)) out.time = raw.time;
  if (inRange(raw.volume, 0, 1)) out.volume = raw.volume;
  if (typeof raw.muted === 'boolean') out.muted = raw.muted;
  if (inRange(raw.rate, Number.MIN_VALUE, 2)) out.rate = raw.rate;
  if (inRange(raw.audioGain, 1, 4)) out.audioGain = raw.audioGain;
  if (raw.quality === 'auto' || isSeconds(raw.quality)) out.quality = raw.quality;
  return Object.keys(out).length > 0 ? Object.freeze(out) : undefined;
}

function parseOrder(raw: unknown): readonly string[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return Object.freeze([...new Set(raw.filter((item): item is string => typeof item === 'string'))]);
}

const EMPTY = Object.freeze({});
const NO_ORDER: readonly string[] = Object.freeze([]);

/** Each key's guard and default. */
export const STORAGE_KEYS: { readonly [K in StorageKey]: StorageKeySpec<StorageValues[K]> } = {
  favoriteAudioTracks: { parse: recordOf(parseLabel), defaultValue: EMPTY },
  episodesTimeProgress: { parse: recordOf(parseEpisodeTime), defaultValue: EMPTY },
  episodesTimeProgressSavedAt: { parse: recordOf(parseEpisodeTime), defaultValue: EMPTY },
  episodesTimeProgressOrder: { parse: parseOrder, defaultValue: NO_ORDER },
  episodeVariants: { parse: recordOf(parseLabel), defaultValue: EMPTY },
  'player-volume': { parse: (raw) => (inRange(raw, 0, 1) ? raw : undefined), defaultValue: 1 },
  'player-muted': { parse: parseFlag, defaultValue: false },
  alwaysSkipIntro: { parse: parseFlag, defaultValue: false },
  dataSaver: { parse: (raw) => (typeof raw === 'boolean' || raw === null ? raw : undefined), defaultValue: null },
  sourcePreferences: { parse: recordOf(parseSourcePreferences), defaultValue: EMPTY },
  sourcePreferencesOrder: { parse: parseOrder, defaultValue: NO_ORDER },
};

export const STORAGE_KEY_NAMES = Object.keys(STORAGE_KEYS) as StorageKey[];

/** A stored value through its key's guard; undefined when nothing in it is usable. */
export function parseStored<K extends StorageKey>(key: K, raw: unknown): StorageValues[K] | undefined {
  return STORAGE_KEYS[key].parse(raw);
}
