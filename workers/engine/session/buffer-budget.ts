import type { BufferByteLimits, BufferBytes } from '../../../src/contract/media/device-buffer-limits.ts';
import { BufferLedger } from '../media/buffer-ledger.ts';
import type { BufferSink } from '../media/media-sink.ts';

/**
 * Seconds kept behind the playhead when the byte bound forces an eviction, as long as the bound
 * allows: a small back-seek (the ← key's 5 s… mostly less) still finds its frames.
 */
export const KEEP_BEHIND_SECONDS = 3;
/**
 * After the browser refused an append twice, the bound ahead drops to this share of what was
 * held ahead then: the browser's real quota is below ours, and the next appends must fit it.
 */
const QUOTA_AHEAD_SHARE = 0.75;
/** The bound ahead never drops below this: about one 4 s segment at 1080p. */
const MIN_AHEAD_BYTES = 3 * 1024 * 1024;

export type BufferKind = 'video' | 'audio';

/**
 * The session's SourceBuffers held within byte bounds (src/contract/media/device-buffer-limits.ts),
 * every buffer together: the main track waits while what is ahead plus its next segment would pass
 * the bound ahead; before each media append, what was played is removed while the bytes behind, or
 * everything with the append, would pass the bounds. Each buffer's bytes are counted by a ledger
 * (media/buffer-ledger.ts) that its removals, whoever asks for them, keep up to date.
 */
export class BufferBudget {
  private readonly ledgers = new Map<BufferSink, { kind: BufferKind; ledger: BufferLedger }>();
  private aheadLimit: number;
  private readonly behindLimit: number;
  private readonly changed: () => void;

  constructor(limits: BufferByteLimits, changed: () => void = () => {}) {
    this.aheadLimit = limits.aheadBytes;
    this.behindLimit = limits.behindBytes;
    this.changed = changed;
  }

  /** `sink` with its bytes counted: the buffer to append to and remove from from now on. */
  watch(sink: BufferSink, kind: BufferKind): BufferSink {
    const ledger = new BufferLedger();
    const counted: BufferSink = {
      append: (bytes) => sink.append(bytes),
      remove: async (start, end) => {
        await sink.remove(start, end);
        ledger.remove(start, end);
        this.changed();
      },
      setTimestampOffset: (offset) => sink.setTimestampOffset(offset),
      resetParser: () => sink.resetParser(),
      rangeAt: (time, tolerance) => sink.rangeAt(time, tolerance),
      firstStart: () => sink.firstStart(),
      idle: () => sink.idle(),
    };
    this.ledgers.set(counted, { kind, ledger });
    return counted;
  }

  /** `bytes` of media for [start, end) are in `sink`. */
  record(sink: BufferSink, start: number, end: number, bytes: number): void {
    const watched = this.ledgers.get(sink);
    if (!watched) return;
    watched.ledger.add(start, end, bytes);
    this.changed();
  }

  /** What is held, by kind and around the playhead, and the bounds: the engine's statistics. */
  snapshot(now: number): BufferBytes {
    let video = 0;
    let audio = 0;
    for (const { kind, ledger } of this.ledgers.values()) {
      if (kind === 'video') video += ledger.total();
      else audio += ledger.total();
    }
    const behind = this.behind(now);
    return {
      video: Math.round(video), audio: Math.round(audio), limitAhead: this.aheadLimit, limitBehind: this.behindLimit,
      ahead: Math.round(video + audio - behind), behind: Math.round(behind),
    };
  }

  /**
   * Whether a segment of `duration` seconds may be fetched: what is ahead plus its likely size
   * stays within the bound. The size is the larger of `declaredBytes` (the playlist's peak rate
   * or byte range) and the highest rate held so far. Always when nothing is ahead: a segment
   * larger than the bound still plays, one at a time.
   */
  allows(now: number, duration: number, declaredBytes = 0): boolean {
    const ahead = this.ahead(now);
    if (ahead <= 0) return true;
    let rate = 0;
    for (const { ledger } of this.ledgers.values()) rate += ledger.peakRate();
    return ahead + Math.max(rate * duration, declaredBytes) <= this.aheadLimit;
  }

  /**
   * Before `incoming` bytes of media go in: removes what was played while the bytes behind, or
   * everything held with the append, would pass the bounds. Keeps KEEP_BEHIND_SECONDS behind
   * the playhead when that frees enough, else removes up to the segment holding the playhead.
   */
  async makeRoom(incoming: number, now: number): Promise<void> {
    const behind = this.behind(now);
    const excess = Math.max(behind - this.behindLimit, this.total() + incoming - (this.aheadLimit + this.behindLimit));
    if (excess <= 0) return;
    const cut = this.cutFreeing(excess, now);
    if (cut !== undefined) await this.removeBefore(cut);
  }

  /**
   * Media held ahead but not reachable by playing on (after a gap: left from before a seek back)
   * is removed when the main track is held back by the bound. Resolves true when it removed any.
   */
  async dropUnreachable(now: number): Promise<boolean> {
    const removals: Array<Promise<void>> = [];
    for (const [sink, { ledger }] of this.ledgers) {
      const from = ledger.contiguousEnd(now) ?? now;
      if (ledger.after(from) > 0) removals.push(sink.remove(from, Number.POSITIVE_INFINITY).catch(() => undefined));
    }
    await Promise.all(removals);
    return removals.length > 0;
  }

  /**
   * The browser refused an append (QuotaExceededError): removes everything played up to the
   * segment at the playhead, and what cannot be reached by playing on. True when it freed any.
   */
  async relieve(now: number): Promise<boolean> {
    const before = this.total();
    const cut = this.safeCut(now);
    if (this.freedBefore(cut) > 0) await this.removeBefore(cut);
    await this.dropUnreachable(now);
    return this.total() < before;
  }

  /** The browser's quota is below the bound: the bound ahead drops under what is held ahead now. */
  lowerAheadLimit(now: number): void {
    this.aheadLimit = Math.max(MIN_AHEAD_BYTES, Math.min(this.aheadLimit, Math.round(this.ahead(now) * QUOTA_AHEAD_SHARE)));
    this.changed();
  }

  ahead(now: number): number {
    return this.total() - this.behind(now);
  }

  private behind(now: number): number {
    let sum = 0;
    for (const { ledger } of this.ledgers.values()) sum += ledger.before(now);
    return sum;
  }

  private total(): number {
    let sum = 0;
    for (const { ledger } of this.ledgers.values()) sum += ledger.total();
    return sum;
  }

  /**
   * The latest place a removal from 0 may reach without touching the frames at the playhead: the
   * start of the segment that holds it in every buffer (a removal takes the frames after it up to
   * the next keyframe with it).
   */
  private safeCut(now: number): number {
    let cut = now;
    for (const { ledger } of this.ledgers.values()) cut = Math.min(cut, ledger.startOfEntryAt(now) ?? now);
    return cut;
  }

  /** The earliest segment end at which a removal from 0 frees `excess` bytes, keeping a few seconds when it can. */
  private cutFreeing(excess: number, now: number): number | undefined {
    const safe = this.safeCut(now);
    const ends = [...new Set([...this.ledgers.values()].flatMap(({ ledger }) => ledger.ends()))].filter((end) => end <= safe).sort((a, b) => a - b);
    const preferred = ends.filter((end) => end <= now - KEEP_BEHIND_SECONDS);
    const enough = preferred.find((end) => this.freedBefore(end) >= excess) ?? ends.find((end) => this.freedBefore(end) >= excess) ?? ends.at(-1);
    return enough !== undefined && this.freedBefore(enough) > 0 ? enough : undefined;
  }

  private freedBefore(cut: number): number {
    let sum = 0;
    for (const { ledger } of this.ledgers.values()) sum += ledger.before(cut);
    return sum;
  }

  private async removeBefore(cut: number): Promise<void> {
    await Promise.all([...this.ledgers.keys()].map((sink) => sink.remove(0, cut).catch(() => undefined)));
  }
}
