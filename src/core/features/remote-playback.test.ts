import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRemotePlayback } from './remote-playback.ts';
import type { RemoteConnectionState } from './airplay.ts';

/** The element's RemotePlayback; the test plays the browser's device discovery and picker. */
class FakeRemote extends EventTarget {
  state: RemoteConnectionState = 'disconnected';
  callback: ((available: boolean) => void) | undefined;
  cancelled: number[] = [];
  prompts = 0;
  watchResult: Promise<number> = Promise.resolve(7);
  promptResult: Promise<void> = Promise.resolve();

  watchAvailability(callback: (available: boolean) => void): Promise<number> {
    this.callback = callback;
    return this.watchResult;
  }
  async cancelWatchAvailability(id?: number): Promise<void> {
    if (id !== undefined) this.cancelled.push(id);
  }
  prompt(): Promise<void> {
    this.prompts += 1;
    return this.promptResult;
  }
  moveTo(state: RemoteConnectionState, type: string) {
    this.state = state;
    this.dispatchEvent(new Event(type));
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => vi.restoreAllMocks());

describe('createRemotePlayback', () => {
  it('shows the button while devices are available and follows the connection events only', async () => {
    const remote = new FakeRemote();
    const cast = createRemotePlayback({ video: { remote } });
    expect(cast.store.getState()).toEqual({ available: false, state: 'disconnected' });
    remote.callback?.(true);
    expect(cast.store.getState().available).toBe(true);

    await cast.prompt();
    expect(remote.prompts).toBe(1);
    expect(cast.store.getState().state).toBe('disconnected');
    remote.moveTo('connecting', 'connecting');
    expect(cast.store.getState().state).toBe('connecting');
    remote.moveTo('connected', 'connect');
    expect(cast.store.getState().state).toBe('connected');
    remote.moveTo('disconnected', 'disconnect');
    expect(cast.store.getState().state).toBe('disconnected');
  });

  it('keeps the button hidden, without throwing, when the browser will not watch (a MediaSource source)', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const remote = new FakeRemote();
    remote.watchResult = Promise.reject(new DOMException('not supported', 'NotSupportedError'));
    const cast = createRemotePlayback({ video: { remote } });
    await settle();
    expect(cast.store.getState().available).toBe(false);
    await expect(cast.prompt()).rejects.toMatchObject({ message: 'Cast is not available', code: 'CAST_NOT_AVAILABLE' });
    expect(remote.prompts).toBe(0);
  });

  it.each([
    ['has no Remote Playback API', {}],
    ['disables remote playback', { remote: new FakeRemote(), disableRemotePlayback: true }],
  ])('is unavailable when the video %s', async (_case, video) => {
    const cast = createRemotePlayback({ video });
    expect(cast.store.getState().available).toBe(false);
    await expect(cast.prompt()).rejects.toThrow('Cast is not available');
  });

  it('resolves quietly when the viewer dismisses the picker, and passes other failures on', async () => {
    const remote = new FakeRemote();
    const cast = createRemotePlayback({ video: { remote } });
    remote.callback?.(true);
    remote.promptResult = Promise.reject(new DOMException('The prompt was dismissed.', 'NotAllowedError'));
    await expect(cast.prompt()).resolves.toBeUndefined();
    remote.promptResult = Promise.reject(new DOMException('busy', 'OperationError'));
    await expect(cast.prompt()).rejects.toThrow('busy');
  });

  it('stops watching and listening on destroy(), which is idempotent', async () => {
    const remote = new FakeRemote();
    const cast = createRemotePlayback({ video: { remote } });
    await settle();
    cast.destroy();
    cast.destroy();
    expect(remote.cancelled).toEqual([7]);
    remote.callback?.(true);
    remote.moveTo('connected', 'connect');
    expect(cast.store.getState()).toEqual({ available: false, state: 'disconnected' });
  });

  it('cancels a watch that the browser confirms only after destroy()', async () => {
    const remote = new FakeRemote();
    let confirm: (id: number) => void = () => undefined;
    remote.watchResult = new Promise((resolve) => { confirm = resolve; });
    const cast = createRemotePlayback({ video: { remote } });
    cast.destroy();
    confirm(3);
    await settle();
    expect(remote.cancelled).toEqual([3]);
  });
});
