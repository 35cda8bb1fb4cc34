import type { MediaSegment } from '../hls/playlist-types.ts';
import { FetchFailure, type Download } from '../../../src/contract/net/request-engine.ts';
import { fetchMedia } from './media-requests.ts';
import type { BufferSink } from '../media/media-sink.ts';
import { fmp4StartPts } from '../transmux/fmp4-timing.ts';
import { Fmp4StreamAppend } from './fmp4-stream-append.ts';
import { InitSegmentCache } from './init-segment-cache.ts';
import { ProgressiveTsTransmuxer } from '../transmux/progressive-ts-transmuxer.ts';
import type { TransmuxResult } from '../transmux/transmux-types.ts';
import { segmentIndexAt } from './segment-index.ts';
import type { MediaRange, PendingSource, SegmentPlan, TrackBuffers, TrackLoaderHost, TrackSource } from './track-contract.ts';
import { appendWithinQuota } from './quota-append.ts';
import { buffersOf, contiguousEndFrom } from './track-buffers.ts';
import { deferred, WakeSignal } from './wake-signal.ts';

/** Where a segment's end may fall short of the playlist's: about a frame. */
const FRAME_TOLERANCE_SECONDS = 0.1;

/** Seconds of played media kept behind the playhead; older media is removed to spare memory. */
const BACK_BUFFER_SECONDS = 20;
const BACK_BUFFER_KEEP_SECONDS = 8;

/**
 * Loads one playlist's segments, in order from a position, into its buffers: fetch, transmux
 * (MPEG-TS) or pass through (fMP4), append. It stays `forwardGoalSeconds` ahead of the playhead,
 * restarts from a new position on seek, and changes rendition between segments.
 */
export class TrackLoader {
  readonly kind: 'main' | 'audio';
  private readonly host: TrackLoaderHost;
  private readonly buffers: TrackBuffers;
  private readonly transmuxer: ProgressiveTsTransmuxer;
  private readonly inits = new InitSegmentCache();
  private readonly appendedInit = new Map<BufferSink, string>();
  private readonly wakeSignal = new WakeSignal();
  private source: TrackSource;
  private nextIndex: number;
  private abort = new AbortController();
  private generation = 0;
  /** Resolves when the download in flight is dropped: the loop goes on without waiting for it to settle. */
  private interrupted = deferred();
  /** The segment being downloaded: a seek to it keeps the download instead of fetching it again. */
  private inFlight: { index: number; key: string; time: number } | undefined;
  /** The time of an unbuffered seek, until its segment's download starts. */
  private seekTarget: number | undefined;
  private stopped = false;
  /** The rendition whose segments last reached the buffer. */
  private lastAppendedSource: string | undefined;
  /**
   * A rendition to switch to before the next download (a seek's faster level, an ABR switch),
   * still being read; undefined when it resolves means the switch was called off.
   */
  private pendingSource: PendingSource | undefined;
  done = false;

  constructor(kind: 'main' | 'audio', source: TrackSource, buffers: TrackBuffers, host: TrackLoaderHost, startTime: number) {
    this.kind = kind;
    this.source = source;
    this.buffers = buffers;
    this.host = host;
    // Every rendition of a film has its length; the init segments carry it so the browser decodes a recording, not a live stream.
    this.transmuxer = new ProgressiveTsTransmuxer(source.playlist.totalDuration);
    this.nextIndex = segmentIndexAt(source.playlist.segments, startTime);
  }

  get currentSource(): TrackSource {
    return this.source;
  }

  /** Runs until stop(). */
  async run(): Promise<void> {
    while (!this.stopped) {
      const segment = this.source.playlist.segments[this.nextIndex];
      if (!segment) {
        if (!this.done) {
          this.done = true;
          this.host.endReached();
        }
        await this.wakeSignal.wait();
        continue;
      }
      if (!this.host.mayLoad(segment)) {
        await this.wakeSignal.wait();
        continue;
      }
      if (this.pendingSource) {
        const pending = this.pendingSource;
        this.pendingSource = undefined;
        const next = await pending.source.catch(() => undefined);
        if (next) this.source = next;
        continue;
      }
      const generation = this.generation;
      try {
        // A seek or a switch drops this download: the loop moves on at once, without waiting for
        // the aborted fetch to settle or its last append to finish (late results are ignored).
        const loading = this.load(segment, generation);
        loading.catch(() => undefined);
        await Promise.race([loading, this.interrupted.promise]);
        if (generation === this.generation) this.moveTo(this.nextIndex + 1);
      } catch (error) {
        if (generation !== this.generation || this.stopped) continue;
        if (error instanceof FetchFailure && error.failure.kind === 'aborted') continue;
        this.host.segmentFailed(error);
        await this.wakeSignal.wait();
      }
    }
  }

  /** Where this track's loading stands: the end of the segment it loads or will load next. */
  loadingUntil(): number {
    const segment = this.source.playlist.segments[this.nextIndex];
    return segment ? segment.start + segment.duration : Number.POSITIVE_INFINITY;
  }

  /** Re-checks the goal (the playhead moved). */
  wake(): void {
    this.wakeSignal.wake();
  }

  /**
   * Continues from `time`: where the buffers already hold it, after what they hold; otherwise
   * from the segment that holds it, dropping what is in flight.
   */
  seek(time: number, fasterSource?: PendingSource): void {
    const buffered = this.bufferedEndFrom(time);
    const segments = this.source.playlist.segments;
    if (buffered === undefined) {
      const index = segmentIndexAt(segments, time);
      const flight = this.inFlight;
      const key = fasterSource?.key ?? this.pendingSource?.key ?? this.source.key;
      // The segment at the target, at the level the seek wants, is already on its way: kept.
      if (flight && flight.index === index && flight.key === key && flight.time <= time + FRAME_TOLERANCE_SECONDS) return this.wake();
      // Only a download from scratch waits for the faster rendition; buffered media plays as it is.
      if (fasterSource) this.pendingSource = fasterSource;
      this.seekTarget = time;
      this.restartFrom(index);
      return;
    }
    // Inside the buffer: loading goes on after what is buffered. When that is the segment already
    // on its way (or nothing is left to load), the download in flight is kept, not fetched again.
    // A buffer ending a frame short of a segment's end counts as reaching it.
    const last = segments.at(-1);
    if (last && buffered >= last.start + last.duration - FRAME_TOLERANCE_SECONDS) return this.wake();
    const index = segmentIndexAt(segments, buffered + FRAME_TOLERANCE_SECONDS);
    if (index === this.nextIndex) this.wake();
    else this.restartFrom(index);
  }

  /** Whether every buffer of this track holds `time` (a seek there needs no download first). */
  holds(time: number): boolean {
    return this.bufferedEndFrom(time) !== undefined;
  }

  /** Seconds buffered in every buffer from `time` on (0 when `time` is not buffered). */
  bufferedAhead(time: number): number {
    const end = this.bufferedEndFrom(time);
    return end === undefined ? 0 : Math.max(0, end - time);
  }

  /** Starts reading an init segment a seek will need (a prefetch at a level not played yet). */
  warmInit(segment: MediaSegment, signal: AbortSignal): void {
    if (segment.init) void this.inits.bytes(segment.init.uri, segment.init.byteRange, signal).catch(() => undefined);
  }

  /**
   * Loads the next segment from `source` once it is read: the loop waits for it rather than
   * fetching one more segment of the old rendition while the playlist is on its way.
   */
  switchSourceBeforeNext(source: PendingSource): void {
    this.pendingSource = source;
    this.wake();
  }

  /** Plays `source` from the segment after the one at `time`; with `flush`, drops what is buffered past it. */
  async switchSource(source: TrackSource, time: number, flush: boolean): Promise<void> {
    // No transmuxer reset here: a download may be in flight, and every segment starts afresh anyway.
    this.source = source;
    this.pendingSource = undefined;
    if (!flush) return;
    const { segments } = source.playlist;
    const current = segmentIndexAt(segments, time);
    const playing = segments[current];
    const bufferedEnd = this.bufferedEndFrom(time);
    // The segment under the playhead stays only when it is wholly in: one still arriving is
    // dropped with the old level's downloads and comes again at the new one (else nothing would
    // ever fill the rest of it, and playback would stall there).
    const whole = playing !== undefined && bufferedEnd !== undefined && bufferedEnd >= playing.start + playing.duration - 0.1;
    const index = Math.min(current + (whole || !playing ? 1 : 0), segments.length);
    const from = whole || !playing ? segments[index]?.start ?? Number.POSITIVE_INFINITY : Math.max(time, bufferedEnd ?? playing.start);
    // The position changes before anything is awaited, so the loop never resumes from the old
    // one; the removal is queued ahead of any later append on the same buffer.
    this.restartFrom(index);
    await Promise.all(this.allBuffers().map((buffer) => buffer.remove(from, Number.POSITIVE_INFINITY).catch(() => undefined)));
  }

  /** Replaces the rendition at once from `time` (audio track change): drops what is buffered past it. */
  async replaceSourceFrom(source: TrackSource, time: number): Promise<void> {
    this.source = source;
    this.restartFrom(segmentIndexAt(source.playlist.segments, time));
    await Promise.all(this.allBuffers().map((buffer) => buffer.remove(time, Number.POSITIVE_INFINITY).catch(() => undefined)));
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
    this.wake();
    this.transmuxer.reset();
  }

  /** Drops what is in flight and continues from segment `index`. */
  private restartFrom(index: number): void {
    this.invalidate();
    this.done = false;
    this.moveTo(index);
    this.wake();
  }

  private moveTo(index: number): void {
    this.nextIndex = index;
    this.host.moved();
  }

  /** Drops the download in flight and makes a late result of it harmless. */
  private invalidate(): void {
    this.generation += 1;
    this.inFlight = undefined;
    this.abort.abort();
    this.abort = new AbortController();
    this.interrupted.resolve();
    this.interrupted = deferred();
  }

  private async load(segment: MediaSegment, generation: number): Promise<void> {
    const source = this.source;
    const signal = this.abort.signal;
    const index = this.nextIndex;
    const target = this.seekTarget !== undefined && segmentIndexAt(source.playlist.segments, this.seekTarget) === index ? this.seekTarget : undefined;
    this.seekTarget = undefined;
    this.inFlight = { index, key: source.key, time: target ?? segment.start };
    const planned = this.host.planSegment(source, segment, target);
    const plan = planned instanceof Promise ? await planned : planned;
    if (generation !== this.generation) return;
    this.inFlight = { index, key: source.key, time: plan.time };
    const download = segment.init
      ? await this.loadFmp4(segment, source, plan, generation, signal)
      : await this.loadTs(segment, source, plan, generation, signal);
    if (generation === this.generation) this.inFlight = undefined;
    if (!download || generation !== this.generation) return;
    const firstOfSource = this.lastAppendedSource !== source.key;
    this.lastAppendedSource = source.key;
    this.host.appended(source, segment, firstOfSource);
    await this.evictBackBuffer();
  }

  /**
   * MPEG-TS, appended as it downloads: each chunk's completed frames go to the buffer at once,
   * in order, while the rest is still on the way.
   */
  private async loadTs(segment: MediaSegment, source: TrackSource, plan: SegmentPlan, generation: number, signal: AbortSignal): Promise<Download | undefined> {
    let appending = Promise.resolve();
    const enqueue = (result: TransmuxResult) => {
      appending = appending.then(() => this.appendTransmuxed(result, segment, source, generation));
    };
    // Every segment starts with a fresh transmuxer: nothing of the previous one (another level, a
    // position before a seek) leaks into it.
    this.transmuxer.reset();
    let download: Download;
    try {
      // Prefetched: the bytes go through the transmuxer at once when they are all here. A failed
      // prefetch is fetched again here.
      const prefetched = plan.download ? await plan.download.catch(() => undefined) : undefined;
      if (prefetched) {
        download = prefetched;
        if (generation === this.generation) enqueue(this.transmuxer.push(download.bytes));
      } else {
        download = await fetchMedia(segment.uri, {
          kind: 'segment',
          signal,
          byteRange: plan.byteRange,
          onChunk: (chunk) => {
            if (generation === this.generation) enqueue(this.transmuxer.push(chunk));
          },
          onRetry: () => this.transmuxer.reset(),
        });
      }
    } catch (error) {
      await appending.catch(() => undefined);
      throw error;
    }
    if (generation !== this.generation) return undefined;
    if (this.kind === 'main') this.host.segmentLoaded(download, segment);
    enqueue(this.transmuxer.end());
    await appending;
    return download;
  }

  private async appendTransmuxed(result: TransmuxResult, segment: MediaSegment, source: TrackSource, generation: number): Promise<void> {
    if (result.tracks.length === 0 || generation !== this.generation) return;
    const offset = await this.offsetFor(result.startPts, segment.start);
    if (offset === undefined || generation !== this.generation) return;
    for (const track of result.tracks) {
      const buffer = track.kind === 'video' ? this.buffers.video : this.buffers.audio;
      if (buffer) await this.appendWithInit(buffer, track.init, source.key, track.data, generation, { start: segment.start, end: segment.start + segment.duration });
    }
  }

  /**
   * fMP4: the init segment once per rendition, then the segment as it is (or from a keyframe's
   * fragment on: each fragment is appendable after the init segment), appended as it downloads.
   * The init segment and the media are requested together.
   */
  private async loadFmp4(segment: MediaSegment, source: TrackSource, plan: SegmentPlan, generation: number, signal: AbortSignal): Promise<Download | undefined> {
    const buffer = this.buffers.fmp4 ?? this.buffers.audio ?? this.buffers.video;
    if (!buffer) return undefined;
    const init = this.inits.bytes(segment.init!.uri, segment.init!.byteRange, signal);
    init.catch(() => undefined);
    const live = () => generation === this.generation;
    const initKey = `${source.key}:init`;
    const stream = new Fmp4StreamAppend({
      buffer,
      live,
      start: async (head, reset) => {
        const initBytes = await init;
        const offset = await this.offsetFor(fmp4StartPts(initBytes, head), plan.time);
        if (offset === undefined || !live()) return false;
        // A reset parser reads the init segment again before any media.
        if (reset) this.appendedInit.delete(buffer);
        await this.appendInit(buffer, initBytes, initKey);
        return live();
      },
      append: (bytes) => this.append(buffer, bytes, { start: plan.time, end: segment.start + segment.duration }),
    });
    const fetchSegment = () => fetchMedia(segment.uri, {
      kind: 'segment', signal, byteRange: plan.byteRange, onChunk: (chunk) => stream.push(chunk), onRetry: () => stream.restart(),
    });
    // A failed prefetch is fetched again here; a prefetch's bytes go in at once when they are all here.
    const download = plan.download
      ? await plan.download.then((prefetched) => (stream.push(prefetched.bytes), prefetched), () => (stream.restart(), fetchSegment()))
      : await fetchSegment();
    if (!live()) return undefined;
    if (this.kind === 'main') this.host.segmentLoaded(download, segment);
    await Promise.all([init, stream.end()]);
    return live() ? download : undefined;
  }

  /**
   * The init segment when the buffer last had another, then the media; nothing of a dropped
   * download goes in after its init (another rendition's media may follow it).
   */
  private async appendWithInit(buffer: BufferSink, init: Uint8Array, initKey: string, data: Uint8Array, generation: number, range: MediaRange): Promise<void> {
    await this.appendInit(buffer, init, initKey);
    if (generation !== this.generation) return;
    await this.append(buffer, data, range);
  }

  /** The init segment, when the buffer last had another. */
  private async appendInit(buffer: BufferSink, init: Uint8Array, initKey: string): Promise<void> {
    if (this.appendedInit.get(buffer) === initKey) return;
    // Marked before the append, so the buffer's init is known in the order appends are queued.
    this.appendedInit.set(buffer, initKey);
    // A copy: the cached init is appended again after every switch, and a sink may take the bytes.
    try {
      await this.append(buffer, init.slice());
    } catch (error) {
      if (this.appendedInit.get(buffer) === initKey) this.appendedInit.delete(buffer);
      throw error;
    }
  }

  /** The timeline offset: decided by the main track's first segment (its first frame at `time`), awaited by the others. */
  private async offsetFor(startPts: number | undefined, time: number): Promise<number | undefined> {
    const timeline = this.host.timeline;
    if (timeline.offset !== undefined) return timeline.offset;
    if (this.kind === 'main') return timeline.decide((startPts ?? time) - time);
    return timeline.ready();
  }

  /**
   * Appends; media (with its `range`) first makes room within the byte bounds, and its bytes are
   * counted once in. Init segments are not counted: the browser keeps only their parsed tracks.
   */
  private async append(buffer: BufferSink, bytes: Uint8Array, range?: MediaRange): Promise<void> {
    const budget = this.host.budget;
    if (range) await budget.makeRoom(bytes.byteLength, this.host.currentTime());
    const generation = this.generation;
    await appendWithinQuota(buffer, bytes, {
      budget,
      currentTime: () => this.host.currentTime(),
      bufferedAhead: (time) => this.bufferedAhead(time),
      playedPast: (time) => this.playedPast(time, generation),
    });
    if (range) budget.record(buffer, range.start, range.end, bytes.byteLength);
  }

  /** Waits until the playhead passes `time`; false when the download was dropped or the loader stopped meanwhile. */
  private async playedPast(time: number, generation: number): Promise<boolean> {
    const live = () => generation === this.generation && !this.stopped;
    const interrupted = this.interrupted.promise;
    while (live() && this.host.currentTime() < time) await Promise.race([this.wakeSignal.wait(), interrupted]);
    return live();
  }

  private async evictBackBuffer(): Promise<void> {
    const now = this.host.currentTime();
    for (const buffer of this.allBuffers()) {
      const start = buffer.firstStart();
      if (start !== undefined && now - start > BACK_BUFFER_SECONDS) {
        await buffer.remove(0, now - BACK_BUFFER_KEEP_SECONDS).catch(() => undefined);
      }
    }
  }

  private bufferedEndFrom(time: number): number | undefined {
    return contiguousEndFrom(this.buffers, time);
  }

  private allBuffers(): BufferSink[] {
    return buffersOf(this.buffers);
  }
}
