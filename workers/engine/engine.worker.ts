import { expose, transfer } from 'comlink';
import { createEngineApi } from './engine.api.ts';
import type { SinkHandler } from './engine-protocol.ts';

const api = createEngineApi();

// The MediaSourceHandle must be transferred, not cloned, to reach the main thread.
expose({
  ...api,
  open: (...[options, report, mainThreadSink]: Parameters<typeof api.open>) => {
    // Appended bytes go to the main thread as transfers, never copies.
    const sink: SinkHandler | undefined = mainThreadSink
      ? (command) => mainThreadSink(command.op === 'append' ? transfer(command, [command.bytes.buffer]) : command)
      : undefined;
    const handle = api.open(options, report, sink);
    return handle ? transfer(handle, [handle]) : null;
  },
});
