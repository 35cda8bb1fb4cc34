/**
 * Maps the source's presentation timestamps onto the playlist's timeline. The main track's first
 * segment decides the offset (its first frame's PTS minus the segment's playlist start); every
 * SourceBuffer then gets timestampOffset = −offset, so separate audio stays in sync with video.
 */
export class Timeline {
  private offsetValue: number | undefined;
  private readonly waiters: Array<(offset: number) => void> = [];
  private readonly listeners: Array<(offset: number) => void> = [];

  get offset(): number | undefined {
    return this.offsetValue;
  }

  /** Sets the offset once; later calls keep the first value (one timeline per session). */
  decide(offset: number): number {
    if (this.offsetValue === undefined) {
      this.offsetValue = offset;
      // Listeners run before decide() returns, so timestampOffset is queued before any append.
      for (const listener of this.listeners) listener(offset);
      for (const resolve of this.waiters.splice(0)) resolve(offset);
    }
    return this.offsetValue;
  }

  /** Calls `listener` synchronously when the offset is decided. */
  onDecide(listener: (offset: number) => void): void {
    this.listeners.push(listener);
  }

  /** Resolves with the offset once the main track has decided it. */
  ready(): Promise<number> {
    if (this.offsetValue !== undefined) return Promise.resolve(this.offsetValue);
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
