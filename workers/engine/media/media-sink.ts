/**
 * Where the engine's media goes. In browsers that build MediaSource in a worker, a local
 * MediaSource (LocalMediaSink); elsewhere a MediaSource on the main thread, fed with fMP4 chunks
 * transferred from the worker (RemoteMediaSink). The session and its loaders see only this.
 */
export interface BufferedRange {
  start: number;
  end: number;
}

export interface BufferSink {
  append(bytes: Uint8Array): Promise<void>;
  remove(start: number, end: number): Promise<void>;
  /** Applied between operations, before anything appended after it. */
  setTimestampOffset(offset: number): Promise<void>;
  /**
   * Drops what the parser holds of an unfinished box (SourceBuffer.abort()), between operations:
   * the next bytes start a box of their own.
   */
  resetParser(): Promise<void>;
  /** The buffered range that holds `time` (within `tolerance`), as last known. */
  rangeAt(time: number, tolerance?: number): BufferedRange | undefined;
  /** Where the buffered media starts, as last known. */
  firstStart(): number | undefined;
  /** Resolves when every operation queued so far has finished. */
  idle(): Promise<void>;
}

export interface MediaSink {
  /** Resolves once the MediaSource is open (attached to the element). */
  readonly opened: Promise<void>;
  setDuration(seconds: number): void;
  addBuffer(mimeType: string): BufferSink;
  /** Everything is appended: after the buffers are idle, the stream ends. */
  endOfStream(): Promise<void>;
}

/** Finds the range holding `time` in a list of ranges. */
export function rangeHolding(ranges: readonly BufferedRange[], time: number, tolerance = 0.1): BufferedRange | undefined {
  return ranges.find((range) => range.start <= time + tolerance && time < range.end);
}
