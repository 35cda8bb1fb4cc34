import { rangeHolding, type BufferSink, type BufferedRange } from './media-sink.ts';

/**
 * One SourceBuffer's operations, one at a time: MSE allows no append or remove while the buffer
 * is updating. Each operation resolves on 'updateend' and rejects on 'error' or a thrown
 * exception (QuotaExceededError among them), so the owner decides what to do.
 */
export class SourceBufferQueue implements BufferSink {
  readonly buffer: SourceBuffer;
  private tail: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(buffer: SourceBuffer) {
    this.buffer = buffer;
  }

  append(bytes: Uint8Array): Promise<void> {
    return this.enqueue(() => this.buffer.appendBuffer(bytes as Uint8Array<ArrayBuffer>));
  }

  remove(start: number, end: number): Promise<void> {
    if (!(end > start)) return Promise.resolve();
    return this.enqueue(() => this.buffer.remove(start, end));
  }

  /** Sets where appended media lands; applied between operations. */
  setTimestampOffset(offset: number): Promise<void> {
    return this.enqueue(() => {
      this.buffer.timestampOffset = offset;
    }, false);
  }

  /** Forgets a box left unfinished by a download that stopped part way; applied between operations. */
  resetParser(): Promise<void> {
    return this.enqueue(() => {
      // Throws only when the MediaSource is not open (ended): nothing is being parsed then.
      try {
        this.buffer.abort();
      } catch {
        // Nothing to reset.
      }
    }, false);
  }

  /** Resolves when every operation queued so far has finished (whatever its outcome). */
  idle(): Promise<void> {
    return this.tail;
  }

  close(): void {
    this.closed = true;
  }

  /** The buffered range that holds `time`. */
  rangeAt(time: number, tolerance = 0.1): BufferedRange | undefined {
    return rangeHolding(this.ranges(), time, tolerance);
  }

  firstStart(): number | undefined {
    return this.buffer.buffered.length > 0 ? this.buffer.buffered.start(0) : undefined;
  }

  ranges(): BufferedRange[] {
    const buffered = this.buffer.buffered;
    const ranges: BufferedRange[] = [];
    for (let index = 0; index < buffered.length; index += 1) ranges.push({ start: buffered.start(index), end: buffered.end(index) });
    return ranges;
  }

  private enqueue(operation: () => void, waitsForUpdate = true): Promise<void> {
    const run = () =>
      new Promise<void>((resolve, reject) => {
        if (this.closed) return reject(new DOMException('closed', 'AbortError'));
        if (!waitsForUpdate) {
          operation();
          return resolve();
        }
        const done = () => {
          this.buffer.removeEventListener('updateend', done);
          this.buffer.removeEventListener('error', failed);
          resolve();
        };
        const failed = () => {
          this.buffer.removeEventListener('updateend', done);
          this.buffer.removeEventListener('error', failed);
          reject(new Error('SourceBuffer error'));
        };
        this.buffer.addEventListener('updateend', done);
        this.buffer.addEventListener('error', failed);
        try {
          operation();
        } catch (error) {
          this.buffer.removeEventListener('updateend', done);
          this.buffer.removeEventListener('error', failed);
          reject(error);
        }
      });
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
