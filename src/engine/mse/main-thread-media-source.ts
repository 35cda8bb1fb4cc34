import type { SinkCommand, SinkHandler, SinkReply } from '../../../workers/engine/engine-protocol.ts';
import { SourceBufferQueue } from '../../workers-client/engine-client.ts';

export interface MainThreadMediaSource {
  /** Runs the worker's MediaSource operations here; appended bytes arrive transferred. */
  handler: SinkHandler;
  /** Idempotent. */
  destroy(): void;
}

type MediaSourceConstructor = new () => MediaSource;

/**
 * For browsers that cannot build MediaSource in a worker (Safari, iOS 17.1+ with
 * ManagedMediaSource): the MediaSource lives here and only runs appends and removals the worker
 * asks for; fetching, parsing and transmuxing stay in the worker.
 */
export function createMainThreadMediaSource(video: HTMLVideoElement): MainThreadMediaSource {
  const scope = globalThis as unknown as { ManagedMediaSource?: MediaSourceConstructor; MediaSource: MediaSourceConstructor };
  const managed = scope.ManagedMediaSource !== undefined;
  const mediaSource = new (scope.ManagedMediaSource ?? scope.MediaSource)();
  const opened = new Promise<void>((resolve) => mediaSource.addEventListener('sourceopen', () => resolve(), { once: true }));
  // ManagedMediaSource plays only with remote playback off or an AirPlay alternative source.
  if (managed) video.disableRemotePlayback = true;
  const url = URL.createObjectURL(mediaSource);
  video.src = url;
  const queues: SourceBufferQueue[] = [];
  let destroyed = false;

  async function run(command: SinkCommand): Promise<SinkReply> {
    await opened;
    if (command.op === 'duration') {
      mediaSource.duration = command.seconds;
      return { ranges: [] };
    }
    if (command.op === 'end') {
      if (mediaSource.readyState === 'open') mediaSource.endOfStream();
      return { ranges: [] };
    }
    if (command.op === 'add') queues[command.buffer] = new SourceBufferQueue(mediaSource.addSourceBuffer(command.mimeType));
    const queue = queues[command.buffer];
    if (!queue) return { ranges: [], error: { name: 'InvalidStateError', message: `no buffer ${command.buffer}` } };
    try {
      if (command.op === 'append') await queue.append(command.bytes);
      else if (command.op === 'remove') await queue.remove(command.start, command.end);
      else if (command.op === 'offset') await queue.setTimestampOffset(command.offset);
      else if (command.op === 'reset') await queue.resetParser();
      return { ranges: queue.ranges() };
    } catch (error) {
      const name = error instanceof DOMException ? error.name : 'Error';
      return { ranges: queue.ranges(), error: { name, message: error instanceof Error ? error.message : String(error) } };
    }
  }

  return {
    handler: (command) => (destroyed ? Promise.resolve({ ranges: [], error: { name: 'AbortError', message: 'destroyed' } }) : run(command)),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const queue of queues) queue.close();
      URL.revokeObjectURL(url);
    },
  };
}
