import type { SinkCommand, SinkHandler, SinkReply } from '../engine-protocol.ts';
import { rangeHolding, type BufferSink, type BufferedRange, type MediaSink } from './media-sink.ts';

/**
 * A MediaSource that lives on the main thread: every operation is a message, appended bytes are
 * transferred (the caller's `send` marks them), and each reply brings the buffer's new ranges.
 */
export class RemoteMediaSink implements MediaSink {
  // The main thread waits for its own 'sourceopen' before it runs any command.
  readonly opened = Promise.resolve();
  private readonly send: SinkHandler;
  private readonly buffers: RemoteBufferSink[] = [];

  constructor(send: SinkHandler) {
    this.send = send;
  }

  setDuration(seconds: number): void {
    void this.send({ op: 'duration', seconds });
  }

  addBuffer(mimeType: string): BufferSink {
    const id = this.buffers.length;
    const buffer = new RemoteBufferSink(id, this.send);
    buffer.run({ op: 'add', buffer: id, mimeType });
    this.buffers.push(buffer);
    return buffer;
  }

  async endOfStream(): Promise<void> {
    await Promise.all(this.buffers.map((buffer) => buffer.idle()));
    await this.send({ op: 'end' });
  }
}

class RemoteBufferSink implements BufferSink {
  private readonly id: number;
  private readonly send: SinkHandler;
  private ranges: BufferedRange[] = [];
  private tail: Promise<void> = Promise.resolve();

  constructor(id: number, send: SinkHandler) {
    this.id = id;
    this.send = send;
  }

  append(bytes: Uint8Array): Promise<void> {
    // Only a whole ArrayBuffer can be transferred; a view into a larger one is copied first.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    return this.run({ op: 'append', buffer: this.id, bytes: own });
  }

  remove(start: number, end: number): Promise<void> {
    if (!(end > start)) return Promise.resolve();
    return this.run({ op: 'remove', buffer: this.id, start, end });
  }

  setTimestampOffset(offset: number): Promise<void> {
    return this.run({ op: 'offset', buffer: this.id, offset });
  }

  resetParser(): Promise<void> {
    return this.run({ op: 'reset', buffer: this.id });
  }

  rangeAt(time: number, tolerance = 0.1): BufferedRange | undefined {
    return rangeHolding(this.ranges, time, tolerance);
  }

  firstStart(): number | undefined {
    return this.ranges[0]?.start;
  }

  idle(): Promise<void> {
    return this.tail;
  }

  /** Sends in order; rejects with the main thread's DOMException name (QuotaExceededError…). */
  run(command: SinkCommand): Promise<void> {
    const result = this.send(command).then((reply: SinkReply) => {
      this.ranges = reply.ranges;
      if (reply.error) throw new DOMException(reply.error.message, reply.error.name);
    });
    this.tail = result.catch(() => undefined);
    return result;
  }
}
