import { expose, transfer } from 'comlink';
import { createEngineApi } from './engine.api.ts';

const api = createEngineApi();

// The MediaSourceHandle must be transferred, not cloned, to reach the main thread.
expose({
  ...api,
  open: (...args: Parameters<typeof api.open>) => {
    const handle = api.open(...args);
    return transfer(handle, [handle]);
  },
});
