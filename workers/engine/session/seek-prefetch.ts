import type { ByteRange, MediaSegment } from '../hls/playlist-types.ts';
import type { Download } from '../../../src/contract/net/request-engine.ts';
import { fetchMedia } from './media-requests.ts';
import { networkClassOfBps } from '../abr/network-class.ts';

/** What a seek to one place needs of one track: a segment, from its start or from a keyframe inside it. */
export interface PrefetchPlace {
  /** The rendition's key (`level:2`, `audio:0`). */
  key: string;
  segment: MediaSegment;
  /** Playlist seconds of the first frame the bytes hold. */
  time: number;
  byteRange: ByteRange | undefined;
}

interface Entry extends PrefetchPlace {
  download: Promise<Download>;
  abort: AbortController;
}

/**
 * The one place a seek is expected to land (the seek bar's hover or drag, a held key): the
 * segments a seek there would fetch, for the main track and separate audio. A new place aborts
 * what was fetched for the previous one; a seek takes the bytes (or joins their download) instead
 * of asking for them again.
 */
export class SeekPrefetch {
  private entries: Entry[] = [];
  private readonly signal: AbortSignal;

  constructor(signal: AbortSignal) {
    this.signal = signal;
  }

  /** Whether the bytes for `place` are here or on their way. */
  holds(place: PrefetchPlace): boolean {
    return this.entries.some((entry) => covers(entry, place.key, place.segment, place.time));
  }

  /** Fetches for `places`, dropping every other place (what is already fetched for one of them stays). */
  replace(places: readonly PrefetchPlace[]): void {
    const kept = this.entries.filter((entry) => places.some((place) => samePlace(entry, place)));
    for (const entry of this.entries) if (!kept.includes(entry)) entry.abort.abort();
    const added = places.filter((place) => !kept.some((entry) => samePlace(entry, place))).map((place) => this.fetch(place));
    this.entries = [...kept, ...added];
  }

  /**
   * The download for `segment` of rendition `key` holding `time`, handed over once (it leaves the
   * cache, so a later hint no longer aborts it).
   */
  take(key: string, segment: MediaSegment, time: number): Entry | undefined {
    const entry = this.entries.find((candidate) => covers(candidate, key, segment, time));
    if (entry) this.entries = this.entries.filter((candidate) => candidate !== entry);
    return entry;
  }

  /**
   * The level whose bytes for `time` are here or on their way, if any: a seek there starts at it
   * rather than at a level chosen afresh, which would throw those bytes away.
   */
  levelHolding(time: number): number | undefined {
    const entry = this.entries.find((candidate) => candidate.key.startsWith('level:') && holdsTime(candidate, time));
    return entry ? Number(entry.key.slice('level:'.length)) : undefined;
  }

  /** Drops every place but what a seek to `time` in these renditions needs. */
  keepFor(keys: readonly string[], time: number): void {
    this.replace(this.entries.filter((entry) => keys.includes(entry.key) && holdsTime(entry, time)));
  }

  clear(): void {
    this.replace([]);
  }

  private fetch(place: PrefetchPlace): Entry {
    const abort = new AbortController();
    const stop = () => abort.abort();
    this.signal.addEventListener('abort', stop, { once: true });
    const download = fetchMedia(place.segment.uri, { kind: 'segment', signal: abort.signal, byteRange: place.byteRange });
    download.catch(() => undefined).finally(() => this.signal.removeEventListener('abort', stop));
    // A failed prefetch is forgotten: the seek fetches for itself.
    download.catch(() => (this.entries = this.entries.filter((entry) => entry.download !== download)));
    return { ...place, download, abort };
  }
}

function samePlace(entry: PrefetchPlace, place: PrefetchPlace): boolean {
  return entry.key === place.key && entry.segment.uri === place.segment.uri && entry.time === place.time &&
    entry.byteRange?.offset === place.byteRange?.offset;
}

/** The entry holds `time` of that segment: it starts at or before it (within about a frame). */
function covers(entry: PrefetchPlace, key: string, segment: MediaSegment, time: number): boolean {
  return entry.key === key && entry.segment.uri === segment.uri && entry.segment.byteRange?.offset === segment.byteRange?.offset &&
    entry.time <= time + 0.1;
}

function holdsTime(entry: PrefetchPlace, time: number): boolean {
  return entry.time <= time + 0.1 && time < entry.segment.start + entry.segment.duration;
}

/** Hints are not followed on Save-Data, a 2G link as the browser sees it, or a link measured as that slow. */
export function linkAllowsPrefetch(estimateBps: number | undefined): boolean {
  const connection = (globalThis.navigator as { connection?: { saveData?: boolean; effectiveType?: string } } | undefined)?.connection;
  if (connection?.saveData || connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g') return false;
  if (estimateBps === undefined) return true;
  const measured = networkClassOfBps(estimateBps);
  return measured !== 'gprs' && measured !== '2g';
}
