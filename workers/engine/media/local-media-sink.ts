import type { MediaSink } from './media-sink.ts';
import { SourceBufferQueue } from './source-buffer-queue.ts';

/** A MediaSource in this thread (the worker, where the browser allows it). */
export class LocalMediaSink implements MediaSink {
  readonly opened: Promise<void>;
  private readonly mediaSource: MediaSource;
  private readonly queues: SourceBufferQueue[] = [];

  constructor(mediaSource: MediaSource) {
    this.mediaSource = mediaSource;
    this.opened = mediaSource.readyState === 'open'
      ? Promise.resolve()
      : new Promise((resolve) => mediaSource.addEventListener('sourceopen', () => resolve(), { once: true }));
  }

  setDuration(seconds: number): void {
    this.mediaSource.duration = seconds;
  }

  addBuffer(mimeType: string): SourceBufferQueue {
    const queue = new SourceBufferQueue(this.mediaSource.addSourceBuffer(mimeType));
    this.queues.push(queue);
    return queue;
  }

  async endOfStream(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.idle()));
    if (this.mediaSource.readyState === 'open' && this.queues.every((queue) => !queue.buffer.updating)) this.mediaSource.endOfStream();
  }
}
