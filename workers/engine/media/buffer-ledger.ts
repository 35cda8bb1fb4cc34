/**
 * The bytes one SourceBuffer holds, by time range: MSE says what time ranges a buffer holds but
 * never how many bytes, and the memory a phone can spare is counted in bytes. Each media append
 * adds its bytes to the range of the segment (or the keyframe's part of it) it belongs to; a
 * removal drops the ranges it covers, and the part it covers of a range it cuts into.
 */
export interface LedgerEntry {
  start: number;
  end: number;
  bytes: number;
}

export class BufferLedger {
  private entries: LedgerEntry[] = [];

  /**
   * `bytes` of media for [start, end) went in. A segment appended as it downloads adds to its own
   * entry; the frames replace any others held for the same time (a segment fetched again, another
   * level's copy), so entries it overlaps lose as many bytes as it brings.
   */
  add(start: number, end: number, bytes: number): void {
    if (!(end > start) || !(bytes > 0)) return;
    let own = this.entries.find((entry) => entry.start === start && entry.end === end);
    let replaced = bytes;
    for (const entry of this.entries) {
      if (entry === own || entry.end <= start || entry.start >= end || replaced <= 0) continue;
      const taken = Math.min(entry.bytes, replaced);
      entry.bytes -= taken;
      replaced -= taken;
    }
    if (!own) {
      own = { start, end, bytes: 0 };
      this.entries.push(own);
      this.entries.sort((a, b) => a.start - b.start);
    }
    own.bytes += bytes;
    this.entries = this.entries.filter((entry) => entry.bytes > 0);
  }

  /** [start, end) was removed from the buffer. */
  remove(start: number, end: number): void {
    const kept: LedgerEntry[] = [];
    for (const entry of this.entries) {
      const overlap = Math.min(entry.end, end) - Math.max(entry.start, start);
      if (overlap <= 0) {
        kept.push(entry);
        continue;
      }
      const length = entry.end - entry.start;
      if (overlap >= length) continue;
      const bytes = entry.bytes * (1 - overlap / length);
      // Cut at an edge: the range shrinks; cut in the middle: the range stays, with fewer bytes.
      if (start <= entry.start) kept.push({ start: end, end: entry.end, bytes });
      else if (end >= entry.end) kept.push({ start: entry.start, end: start, bytes });
      else kept.push({ ...entry, bytes });
    }
    this.entries = kept;
  }

  clear(): void {
    this.entries = [];
  }

  total(): number {
    return this.entries.reduce((sum, entry) => sum + entry.bytes, 0);
  }

  /** Bytes of media before `time` (a range holding `time` counts by the share before it). */
  before(time: number): number {
    let sum = 0;
    for (const entry of this.entries) {
      if (entry.end <= time) sum += entry.bytes;
      else if (entry.start < time) sum += (entry.bytes * (time - entry.start)) / (entry.end - entry.start);
    }
    return sum;
  }

  /** Bytes of media from `time` on. */
  after(time: number): number {
    return this.total() - this.before(time);
  }

  /** Where the entry holding `time` starts (a keyframe: segments and keyframe fetches start on one). */
  startOfEntryAt(time: number): number | undefined {
    return this.entries.find((entry) => entry.start <= time && time < entry.end)?.start;
  }

  /** Every entry's end: the places a removal from 0 can stop at without cutting into a segment. */
  ends(): number[] {
    return this.entries.map((entry) => entry.end);
  }

  /**
   * Where the media held contiguously from `time` ends (entries meeting within `gap` seconds);
   * undefined when nothing holds `time`.
   */
  contiguousEnd(time: number, gap = 0.25): number | undefined {
    let end: number | undefined;
    for (const entry of this.entries) {
      if (end === undefined) {
        if (entry.start <= time + gap && time < entry.end) end = entry.end;
      } else if (entry.start <= end + gap) {
        end = Math.max(end, entry.end);
      } else {
        break;
      }
    }
    return end;
  }

  /** The largest bytes per second of any whole entry of at least a second: a segment's likely size. */
  peakRate(): number {
    let rate = 0;
    for (const entry of this.entries) {
      const length = entry.end - entry.start;
      if (length >= 1) rate = Math.max(rate, entry.bytes / length);
    }
    return rate;
  }
}
