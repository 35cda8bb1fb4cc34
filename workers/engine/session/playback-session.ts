import { networkClassOfEstimate } from '../abr/network-class.ts';
import { capLevelsToSize, chooseNextLevel, chooseSeekLevel } from '../abr/abr-controller.ts';
import { ThroughputEstimator } from '../abr/throughput-estimator.ts';
import type { EngineOpenOptions, EngineReport, PlaybackSnapshot } from '../engine-protocol.ts';
import type { MediaSegment } from '../hls/playlist-types.ts';
import type { Download } from '../../../src/contract/net/request-engine.ts';
import type { MediaSink } from '../media/media-sink.ts';
import { DeclinedError, segmentFormat, StreamCatalog } from './stream-catalog.ts';
import { describeFailure } from './engine-failure.ts';
import { Timeline } from './timeline.ts';
import { KeyframeIndex } from './keyframe-index.ts';
import { linkAllowsPrefetch, SeekPrefetch, type PrefetchPlace } from './seek-prefetch.ts';
import { segmentIndexAt } from './segment-index.ts';
import { SessionDataSaver } from './data-saver-limits.ts';
import {
  ASSUMED_SEGMENT_SECONDS, AUDIO_SWITCH_LEAD_SECONDS, FAILURES_BEFORE_DOWNSWITCH, PREFETCH_MIN_AHEAD_SECONDS, SEEK_ABR,
} from './session-tuning.ts';
import { openTrackBuffers } from './track-buffers.ts';
import { BufferBudget } from './buffer-budget.ts';
import { bufferLimitsForDevice } from '../../../src/contract/media/device-buffer-limits.ts';
import type { PendingSource, SegmentPlan, TrackBuffers, TrackSource } from './track-contract.ts';
import { TrackLoader } from './track-loader.ts';
import { startLevel } from './start-level.ts';
import { dropPrefetched } from './prefetched-media.ts';

type Report = (report: EngineReport) => void;

/** The buffers' bytes go into the statistics at most this often (appends come chunk by chunk). */
const BUFFER_STATS_PERIOD_MS = 100;

/**
 * One stream played into one MediaSource: reads the playlists, opens the buffers, runs a loader
 * for the main track and one for separate audio, and decides levels (ABR or the viewer's choice).
 */
export class PlaybackSession {
  readonly timeline = new Timeline();
  private readonly sink: MediaSink;
  private readonly options: EngineOpenOptions;
  private readonly report: Report;
  private readonly estimator = new ThroughputEstimator();
  private readonly abort = new AbortController();
  private catalog: StreamCatalog | undefined;
  private main: TrackLoader | undefined;
  private audio: TrackLoader | undefined;
  private playback: PlaybackSnapshot = { currentTime: 0, seeking: false, paused: true };
  private manualLevel: number | undefined;
  private currentLevel = 0;
  private audioIndex = 0;
  private failures = 0;
  private destroyed = false;
  private levelPlaylistsRead = false;
  /** The document's prefetched first segments were taken or dropped. */
  private prefetchSettled = false;
  /** Keyframe positions of fMP4 levels with I-frame playlists, read at the first seek or hint. */
  private keyframes: KeyframeIndex | undefined;
  private readonly prefetches = new SeekPrefetch(this.abort.signal);
  /** Counts seek hints: a hint still reading a playlist when a newer one comes is dropped. */
  private hints = 0;
  /** The level of each main segment in the buffer, by the segment's start: what plays where. */
  private readonly bufferedLevels = new Map<number, { start: number; end: number; level: number }>();
  /** The level last reported as playing; -1 before the first. */
  private playingLevel = -1;
  /** The player's size in device pixels: levels above what it shows are not loaded. */
  private maxWidth: number;
  private maxHeight: number;
  /** The SourceBuffers' byte bounds, from the device's memory. */
  private readonly budget: BufferBudget;
  private bufferStatsTimer: ReturnType<typeof setTimeout> | undefined;
  /** The data saver's limits (data-saver-limits.ts): a lower cap and forward goal, no hints. */
  private readonly saver: SessionDataSaver;

  constructor(sink: MediaSink, options: EngineOpenOptions, report: Report) {
    this.sink = sink;
    this.options = options;
    this.report = report;
    this.playback.currentTime = options.startTime;
    this.maxWidth = options.maxWidth;
    this.maxHeight = options.maxHeight;
    this.saver = new SessionDataSaver(options.dataSaver === true);
    if (options.rememberedBandwidthBps) this.estimator.restore(options.rememberedBandwidthBps);
    this.budget = new BufferBudget(bufferLimitsForDevice(options.deviceMemoryGb), () => this.scheduleBufferStats());
  }

  /** Reads the stream and starts loading; reports a decline or a fatal error instead of throwing. */
  async start(): Promise<void> {
    try {
      const catalog = await StreamCatalog.open(this.options.url, this.abort.signal);
      this.catalog = catalog;
      this.keyframes = new KeyframeIndex(catalog.levels, catalog.iFrameLevels, this.abort.signal);
      const levels = catalog.abrLevels();
      // Nothing was measured yet: the estimate is the remembered one, as the embed document saw it.
      const start = startLevel(levels, { rememberedBandwidthBps: this.options.rememberedBandwidthBps, maxWidth: this.maxWidth, maxHeight: this.maxHeight });
      // The data saver's cap holds from the first segment (the document fetches nothing ahead then).
      this.currentLevel = SessionDataSaver.lowerCap(levels, start, this.saver.cap(levels)) ?? start;
      this.audioIndex = catalog.defaultAudioIndex();
      const firstAudioIndex = this.audioIndex;
      const [mainSource, firstAudioSource] = await Promise.all([this.levelSource(this.currentLevel), this.audioSource(this.audioIndex)]);
      this.report({ type: 'qualities', qualities: catalog.qualities() });
      if (catalog.audio.length > 0) this.report({ type: 'audio-tracks', tracks: catalog.audioTracks(), selected: this.audioIndex });
      this.report({ type: 'stream-type', streamType: 'on-demand' });
      await this.sink.opened;
      if (this.destroyed) return;
      // A track chosen since the list was reported (the viewer's language order, a saved choice)
      // is the one to start with: nothing of the other one was loaded yet.
      const audioSource = this.audioIndex === firstAudioIndex ? firstAudioSource : await this.audioSource(this.audioIndex);
      if (this.destroyed) return;
      this.sink.setDuration(mainSource.playlist.totalDuration);
      const buffers = openTrackBuffers(this.sink, catalog, this.timeline, segmentFormat(mainSource.playlist), audioSource ? segmentFormat(audioSource.playlist) : undefined, this.budget);
      // A seek made while the stream was being read moves the start there.
      const startTime = this.playback.currentTime;
      this.main = this.trackLoader('main', mainSource, buffers.main, startTime);
      void this.main.run();
      if (audioSource) {
        this.audio = this.trackLoader('audio', audioSource, buffers.audio, startTime);
        void this.audio.run();
      }
    } catch (error) {
      if (this.destroyed) return;
      this.fail(error, true);
    }
  }

  update(snapshot: PlaybackSnapshot): void {
    this.playback = snapshot;
    // Playing past 0: the first picture is in. A segment appended as it downloads may still be
    // arriving, and on a slow link a seek made now must not wait a round trip for a keyframe index.
    if (this.main && !snapshot.paused && snapshot.currentTime > 0) this.readLevelPlaylistsAhead();
    this.reportPlayingLevel();
    // Played media passes behind the playhead even while nothing is appended: the bound behind holds then too.
    void this.budget.makeRoom(0, snapshot.currentTime);
    this.main?.wake();
    this.audio?.wake();
  }

  seek(time: number): void {
    this.playback = { ...this.playback, currentTime: time, seeking: true };
    const catalog = this.catalog;
    const main = this.main;
    if (!catalog || !main) return;
    if (main.holds(time)) {
      // Inside the buffer: nothing to fetch, and the level stays what ABR chose.
      this.prefetches.clear();
      main.seek(time);
      this.audio?.seek(time);
      return;
    }
    let faster: PendingSource | undefined;
    // A seek to an unbuffered place starts at a level whose first segment arrives quickly, or at
    // the level of a hint's bytes for that place: the estimate may have moved since the hint.
    const level = this.manualLevel === undefined ? this.prefetches.levelHolding(time) ?? this.seekLevel(main) : this.seekLevel(main);
    if (level !== this.currentLevel) {
      this.currentLevel = level;
      faster = { key: `level:${level}`, source: this.levelSource(level) };
    }
    // A prefetch for another place competes with the target's download.
    this.prefetches.keepFor([`level:${level}`, ...(this.audio ? [this.audio.currentSource.key] : [])], time);
    main.seek(time, faster);
    this.audio?.seek(time);
  }

  /**
   * A hint that the viewer may seek to `time` (the seek bar's hover or drag, a held key): fetches
   * what a seek there would need, the target's segment (from its keyframe when known) at the
   * level a seek would choose, and the audio segment with it. One place at a time. Not before the
   * first picture, not with less than 8 s buffered ahead, not on a slow or data-saving link, and
   * not for a place already buffered.
   */
  prefetch(time: number): void {
    const main = this.main;
    if (!main || this.destroyed || !this.levelPlaylistsRead || !(time >= 0)) return;
    if (this.saver.on || !linkAllowsPrefetch(this.estimator.estimateBps())) return;
    const level = this.seekLevel(main);
    // The keyframe index is a small text: read even when the segments are not fetched ahead.
    this.keyframes?.warm(level);
    if (main.holds(time) || main.bufferedAhead(this.playback.currentTime) < PREFETCH_MIN_AHEAD_SECONDS) return;
    const hint = ++this.hints;
    void this.prefetchAt(level, time, hint).catch(() => undefined);
  }

  private async prefetchAt(level: number, time: number, hint: number): Promise<void> {
    const source = await this.levelSource(level);
    const segment = source.playlist.segments[segmentIndexAt(source.playlist.segments, time)];
    if (!segment || hint !== this.hints || this.destroyed) return;
    const keyframe = segment.init ? await this.keyframes?.keyframe(level, segment, time) : undefined;
    if (hint !== this.hints || this.destroyed) return;
    const places: PrefetchPlace[] = [{ key: source.key, segment, time: keyframe?.time ?? segment.start, byteRange: keyframe?.byteRange ?? segment.byteRange }];
    const audio = this.audio?.currentSource;
    const audioSegment = audio?.playlist.segments[segmentIndexAt(audio.playlist.segments, time)];
    if (audio && audioSegment) places.push({ key: audio.key, segment: audioSegment, time: audioSegment.start, byteRange: audioSegment.byteRange });
    if (places.every((place) => this.prefetches.holds(place))) return;
    this.prefetches.replace(places);
    this.main?.warmInit(segment, this.abort.signal);
  }

  /** The level a seek to an unbuffered place starts at: the viewer's choice, or one whose segment arrives quickly. */
  private seekLevel(main: TrackLoader): number {
    if (this.manualLevel !== undefined || !this.catalog) return this.currentLevel;
    return chooseSeekLevel(this.catalog.abrLevels(), {
      current: this.currentLevel,
      estimateBps: this.estimator.estimateBps(),
      cap: this.cap(),
      segmentDurationSeconds: main.currentSource.playlist.targetDuration ?? ASSUMED_SEGMENT_SECONDS,
    }, SEEK_ABR);
  }

  async setQuality(choice: number | 'auto'): Promise<void> {
    const known = choice === 'auto' || this.catalog?.levels[choice] !== undefined;
    if (!known) return;
    this.manualLevel = choice === 'auto' ? undefined : choice;
    this.report({ type: 'quality-choice', choice });
    // Even when ABR already chose this level, what is buffered ahead may be another one: the
    // viewer's choice replaces it from the next segment on.
    if (choice !== 'auto') await this.changeLevel(choice, true);
  }

  async setAudioTrack(index: number): Promise<void> {
    const audio = this.audio;
    if (index === this.audioIndex || !this.catalog?.audio[index]) return;
    if (!audio) {
      // The buffers are still opening: start() loads this track instead of the default.
      this.audioIndex = index;
      return;
    }
    const source = await this.audioSource(index);
    if (!source || this.destroyed) return;
    this.audioIndex = index;
    await audio.replaceSourceFrom(source, this.playback.currentTime + AUDIO_SWITCH_LEAD_SECONDS);
  }

  /**
   * The player changed size: the cap follows from the next segment on. A player going fullscreen
   * may climb (as ABR allows); one made smaller drops at the next segment.
   */
  resize(width: number, height: number): void {
    if (!(width > 0) || !(height > 0)) return;
    this.maxWidth = width;
    this.maxHeight = height;
  }

  /**
   * The data saver turned on or off: Auto's cap and the forward goal follow from the next segment
   * on (what is buffered stays), and a hint's download under way is dropped.
   */
  setDataSaver(on: boolean): void {
    if (this.saver.on === on) return;
    this.saver.on = on;
    if (!on) return;
    this.prefetches.clear();
    const cap = this.cap();
    const levels = this.catalog?.abrLevels() ?? [];
    if (this.manualLevel === undefined && cap !== undefined && SessionDataSaver.lowerCap(levels, cap, this.currentLevel) !== this.currentLevel) void this.changeLevel(cap, false);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    clearTimeout(this.bufferStatsTimer);
    this.prefetches.clear();
    this.abort.abort();
    this.main?.stop();
    this.audio?.stop();
  }

  /** A track loader with its own host: each callback knows which track it came from. */
  private trackLoader(kind: 'main' | 'audio', source: TrackSource, buffers: TrackBuffers, startTime: number): TrackLoader {
    const track: TrackLoader = new TrackLoader(kind, source, buffers, {
      timeline: this.timeline,
      budget: this.budget,
      currentTime: () => this.playback.currentTime,
      mayLoad: (segment) => this.mayLoad(track, segment),
      moved: () => {
        if (track === this.main) this.audio?.wake();
      },
      segmentLoaded: (download, segment) => this.segmentLoaded(download, segment),
      appended: (appendedSource, segment, firstOfSource) => this.appended(track, appendedSource, segment, firstOfSource),
      segmentFailed: (error) => this.segmentFailed(track, error),
      endReached: () => this.endReached(),
      planSegment: (plannedSource, segment, target) => this.planSegment(track, plannedSource, segment, target),
    }, startTime);
    return track;
  }

  /**
   * Within the forward goal and the byte bound ahead; and separate audio never runs ahead of the
   * segment the main track is loading. Audio is cheap, but a segment of it fetched early shares the link with the video the
   * viewer is waiting for (after a start or a seek, about a tenth of a second at 4 Mbit/s).
   */
  private mayLoad(track: TrackLoader, segment: MediaSegment): boolean {
    if (segment.start - this.playback.currentTime > this.saver.forwardGoalSeconds()) return false;
    if (track === this.main && !this.budget.allows(this.playback.currentTime, segment.duration, this.declaredBytes(track, segment))) {
      // Media left far ahead from before a seek holds the bound: removed, loading goes on.
      void this.budget.dropUnreachable(this.playback.currentTime).then((dropped) => dropped && track.wake());
      return false;
    }
    if (track === this.main || !this.main) return true;
    return segment.start < this.main.loadingUntil();
  }

  /** A main segment's size as its playlists declare it: its byte range, else the peak rate of its level or the one switched to. */
  private declaredBytes(track: TrackLoader, segment: MediaSegment): number {
    if (segment.byteRange) return segment.byteRange.length;
    const levels = [Number(track.currentSource.key.split(':')[1]), this.currentLevel];
    const bandwidth = Math.max(...levels.map((level) => this.catalog?.levels[level]?.bandwidth ?? 0));
    return (bandwidth / 8) * segment.duration;
  }

  private segmentLoaded(download: Download, segment: MediaSegment): void {
    this.failures = 0;
    // By the first segment's end every start-up request went out (its audio and init with it):
    // a prefetch none of them took was for another level or track, and its download stops.
    if (!this.prefetchSettled) {
      this.prefetchSettled = true;
      this.report({ type: 'first-segments', ...dropPrefetched() });
    }
    this.estimator.sample(download.bytes.byteLength, download.transferMs);
    const catalog = this.catalog;
    if (!catalog) return;
    const estimate = this.estimator.estimateBps();
    const levels = catalog.abrLevels();
    const input = {
      current: this.currentLevel,
      estimateBps: estimate,
      bufferAheadSeconds: Math.max(0, segment.start + segment.duration - this.playback.currentTime),
      segmentDurationSeconds: segment.duration,
      cap: this.cap(),
    };
    const level = chooseNextLevel(levels, { ...input, ...(this.manualLevel === undefined ? {} : { manual: this.manualLevel }) });
    const fetchedLevel = Number(this.main?.currentSource.key.split(':')[1] ?? this.currentLevel);
    const saved = this.saver.segmentFetched(levels, fetchedLevel, download.bytes.byteLength, input, this.sizeCap(), this.manualLevel !== undefined);
    if (saved > 0) this.report({ type: 'data-saved', bytes: saved });
    this.report({ type: 'stats', bandwidthBps: estimate, networkClass: networkClassOfEstimate(estimate), rendition: this.renditionOf(this.playingLevel), bufferBytes: this.budget.snapshot(this.playback.currentTime) });
    if (level !== this.currentLevel) void this.changeLevel(level, false);
  }

  private appended(track: TrackLoader, source: TrackSource, segment: MediaSegment, firstOfSource: boolean): void {
    if (firstOfSource) {
      if (track.kind === 'main') this.readLevelPlaylistsAhead();
      else this.report({ type: 'audio-track-change', index: Number(source.key.split(':')[1]) });
    }
    if (track.kind !== 'main') return;
    const level = Number(source.key.split(':')[1]);
    // Levels share segment boundaries, so a segment replaced at another level takes its place here.
    this.bufferedLevels.set(Math.round(segment.start * 1000), { start: segment.start, end: segment.start + segment.duration, level });
    this.reportPlayingLevel();
  }

  private segmentFailed(track: TrackLoader, error: unknown): void {
    this.failures += 1;
    if (track.kind === 'main' && this.currentLevel > 0 && this.failures <= FAILURES_BEFORE_DOWNSWITCH && this.manualLevel === undefined) {
      void this.changeLevel(this.currentLevel - 1, false).then(() => track.wake());
      return;
    }
    this.fail(error, false);
  }

  private planSegment(track: TrackLoader, source: TrackSource, segment: MediaSegment, target: number | undefined): SegmentPlan | Promise<SegmentPlan> {
    const whole: SegmentPlan = { time: segment.start, byteRange: segment.byteRange };
    const prefetched = this.prefetches.take(source.key, segment, target ?? segment.start);
    if (prefetched) return { time: prefetched.time, byteRange: prefetched.byteRange, download: prefetched.download };
    const level = Number(source.key.split(':')[1]);
    if (target === undefined || track.kind !== 'main' || !segment.init || !this.keyframes?.has(level)) return whole;
    return this.keyframes.keyframe(level, segment, target).then((keyframe) => (keyframe ? { time: keyframe.time, byteRange: keyframe.byteRange } : whole));
  }

  private endReached(): void {
    const tracks = [this.main, this.audio].filter((track): track is TrackLoader => track !== undefined);
    if (tracks.every((track) => track.done)) void this.sink.endOfStream().catch(() => undefined);
  }

  private async changeLevel(level: number, flush: boolean): Promise<void> {
    const main = this.main;
    if (!main) return;
    this.currentLevel = level;
    const reading = this.levelSource(level);
    if (!flush) {
      // The next segment waits for this level's playlist instead of coming from the old level:
      // on a fast link that playlist takes a round trip, the segment hardly longer.
      main.switchSourceBeforeNext({ key: `level:${level}`, source: reading.then((source) => (this.destroyed || this.currentLevel !== level ? undefined : source)) });
      return;
    }
    const source = await reading;
    if (this.destroyed || this.currentLevel !== level) return;
    await main.switchSource(source, this.playback.currentTime, flush);
  }

  /**
   * Reports the level at the playhead when it changes: the picture the viewer sees, which on a
   * switch trails the level being downloaded by whatever is buffered.
   */
  private reportPlayingLevel(): void {
    const time = this.playback.currentTime;
    let playing: { level: number; start: number } | undefined;
    for (const entry of this.bufferedLevels.values()) {
      if (time >= entry.start - 0.05 && time < entry.end) playing = entry;
    }
    if (!playing || playing.level === this.playingLevel) return;
    this.playingLevel = playing.level;
    this.report({ type: 'quality-change', index: playing.level });
    this.report({ type: 'stats', bandwidthBps: this.estimator.estimateBps(), networkClass: networkClassOfEstimate(this.estimator.estimateBps()), rendition: this.renditionOf(playing.level), bufferBytes: this.budget.snapshot(time) });
  }

  /** The buffers' bytes changed (an append, a removal): the statistics follow, a few times a second at most. */
  private scheduleBufferStats(): void {
    if (this.bufferStatsTimer !== undefined || this.destroyed) return;
    this.bufferStatsTimer = setTimeout(() => {
      this.bufferStatsTimer = undefined;
      if (this.destroyed) return;
      const estimate = this.estimator.estimateBps();
      this.report({ type: 'stats', bandwidthBps: estimate, networkClass: networkClassOfEstimate(estimate), rendition: this.renditionOf(this.playingLevel), bufferBytes: this.budget.snapshot(this.playback.currentTime) });
    }, BUFFER_STATS_PERIOD_MS);
  }

  /**
   * Once the first picture is in (playback has moved past 0, or the first segment is whole), the
   * other levels' media playlists (well under a kilobyte each) and I-frame playlists are read ahead, so a seek that drops to a faster level, or an ABR switch, fetches its segment
   * at once instead of waiting a round trip for the playlist first. A level that fails here is
   * read again when it is needed.
   */
  private readLevelPlaylistsAhead(): void {
    if (this.levelPlaylistsRead) return;
    this.levelPlaylistsRead = true;
    for (const level of this.catalog?.abrLevels() ?? []) {
      void this.levelSource(level.index).catch(() => undefined);
      // Their keyframe indexes too (I-frame playlists, a kilobyte or two): the first seek into a
      // segment's middle then asks for the range from its keyframe without a round trip first.
      this.keyframes?.warm(level.index);
    }
  }

  private async levelSource(level: number): Promise<TrackSource> {
    const variant = this.catalog?.levels[level];
    if (!variant) throw new DeclinedError(`no level ${level}`);
    return { key: `level:${level}`, playlist: await this.catalog!.mediaPlaylist(variant.uri, this.abort.signal) };
  }

  private async audioSource(index: number): Promise<TrackSource | undefined> {
    const rendition = this.catalog?.audio[index];
    if (!rendition?.uri) return undefined;
    return { key: `audio:${index}`, playlist: await this.catalog!.mediaPlaylist(rendition.uri, this.abort.signal) };
  }

  /** '720p' for a level. */
  private renditionOf(level: number): string | undefined {
    const height = this.catalog?.levels[level]?.resolution?.height;
    return height ? `${height}p` : undefined;
  }

  /** The highest level Auto may load: worth loading for the player's size, and within the data saver's cap. */
  private cap(): number | undefined {
    const levels = this.catalog?.abrLevels() ?? [];
    return SessionDataSaver.lowerCap(levels, this.sizeCap(), this.saver.cap(levels));
  }

  /** The highest level worth loading for the player's size. */
  private sizeCap(): number | undefined {
    const levels = this.catalog?.abrLevels() ?? [];
    return capLevelsToSize(levels, this.maxWidth, this.maxHeight, 1).at(-1)?.index;
  }

  /** Gives up, saying why as data (engine-failure.ts), with the level and the time the engine was at. */
  private fail(error: unknown, declined: boolean): void {
    const where = { level: this.currentLevel, time: Math.round(this.playback.currentTime * 10) / 10 };
    this.report({ type: 'error', ...describeFailure(error, declined, where) });
  }
}
