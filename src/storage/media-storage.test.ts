import { describe, expect, it, vi } from 'vitest';
import { createMediaStorage, MIRROR_STAMPS_KEY } from './media-storage.ts';
import type { DurableStore, MirrorStore } from './media-storage.ts';

type Failure = 'none' | 'quota' | 'blocked';

/** localStorage as a Map; 'quota' fails writes like a full store, 'blocked' fails every call like a sandboxed frame. */
function fakeMirror(initial: Record<string, string> = {}, failure: Failure = 'none') {
  const items = new Map(Object.entries(initial));
  const check = (write: boolean) => {
    if (failure === 'blocked') throw new DOMException('denied', 'SecurityError');
    if (failure === 'quota' && write) throw new DOMException('full', 'QuotaExceededError');
  };
  const mirror: MirrorStore = {
    getItem: (key) => (check(false), items.get(key) ?? null),
    setItem: (key, value) => (check(true), void items.set(key, value)),
    removeItem: (key) => (check(true), void items.delete(key)),
  };
  return { mirror, items };
}

/**
 * IndexedDB as a Map. A read sees the value at the time of the call (IndexedDB runs transactions
 * in the order they were made) but resolves only when `release()` is called.
 */
function fakeDurable(initial: Record<string, unknown> = {}, failure: Failure = 'none') {
  const values = new Map(Object.entries(initial));
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const durable: DurableStore = {
    get: async (key) => {
      const value = values.get(key);
      await gate;
      if (failure === 'blocked') throw new DOMException('denied', 'SecurityError');
      return value;
    },
    set: async (key, value) => {
      if (failure !== 'none') throw new DOMException('full', 'QuotaExceededError');
      values.set(key, value);
    },
  };
  return { durable, values, release: () => release() };
}

const flushPromises = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How the durable store keeps a value: with the time it was written. */
const record = (value: unknown) => ({ savedAt: expect.any(Number) as number, value });

describe('createMediaStorage', () => {
  it('reads the mirror synchronously at creation, ignoring corrupt values', () => {
    const { mirror } = fakeMirror({ 'player-volume': '0.3', 'player-muted': '{oops', episodeVariants: '{"5":"Дубляж","6":7}' });
    const storage = createMediaStorage({ mirror });
    expect(storage.get('player-volume')).toBe(0.3);
    expect(storage.get('player-muted')).toBe(false);
    expect(storage.get('episodeVariants')).toEqual({ 5: 'Дубляж' });
  });

  it('with neither store, keeps values in memory and serves defaults', async () => {
    const storage = createMediaStorage();
    expect(storage.get('player-volume')).toBe(1);
    storage.set('player-muted', true);
    await storage.ready;
    expect(storage.get('player-muted')).toBe(true);
  });

  it('mirror only: writes the mirror as JSON', () => {
    const { mirror, items } = fakeMirror();
    createMediaStorage({ mirror }).set('favoriteAudioTracks', { 12: 'Оригинал' });
    expect(createMediaStorage({ mirror }).get('favoriteAudioTracks')).toEqual({ 12: 'Оригинал' });
    expect(JSON.parse(items.get('favoriteAudioTracks') ?? '')).toEqual({ 12: 'Оригинал' });
  });

  it('durable only: values arrive with ready and subscribers hear of it', async () => {
    const { durable, release } = fakeDurable({ 'player-volume': 0.6 });
    const storage = createMediaStorage({ durable });
    const listener = vi.fn();
    storage.subscribe(listener);
    expect(storage.get('player-volume')).toBe(1);
    release();
    await storage.ready;
    expect(storage.get('player-volume')).toBe(0.6);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('after ready the durable copy wins and refreshes the mirror', async () => {
    const { mirror, items } = fakeMirror({ 'player-volume': '0.2' });
    const { durable, release } = fakeDurable({ 'player-volume': 0.8, 'player-muted': true });
    const storage = createMediaStorage({ mirror, durable });
    expect(storage.get('player-volume')).toBe(0.2);
    release();
    await storage.ready;
    expect(storage.get('player-volume')).toBe(0.8);
    expect(storage.get('player-muted')).toBe(true);
    expect(items.get('player-volume')).toBe('0.8');
    expect(items.get('player-muted')).toBe('true');
  });

  it('keeps the mirror\'s copy when it is newer: the page left before its durable write landed', async () => {
    const { mirror, items } = fakeMirror({ 'player-volume': '0.4', [MIRROR_STAMPS_KEY]: '{"player-volume":2000}' });
    const { durable, values, release } = fakeDurable({ 'player-volume': { savedAt: 1000, value: 0.8 } });
    const storage = createMediaStorage({ mirror, durable, now: () => 3000 });
    release();
    await storage.ready;
    await flushPromises();
    expect(storage.get('player-volume')).toBe(0.4);
    expect(items.get('player-volume')).toBe('0.4');
    expect(values.get('player-volume')).toEqual({ savedAt: 3000, value: 0.4 });
  });

  it('takes the durable copy when it is the newer one, and writes its time to the mirror', async () => {
    const { mirror, items } = fakeMirror({ 'player-volume': '0.4', [MIRROR_STAMPS_KEY]: '{"player-volume":1000}' });
    const { durable, release } = fakeDurable({ 'player-volume': { savedAt: 2000, value: 0.8 } });
    const storage = createMediaStorage({ mirror, durable });
    release();
    await storage.ready;
    expect(storage.get('player-volume')).toBe(0.8);
    expect(JSON.parse(items.get(MIRROR_STAMPS_KEY) ?? '')).toEqual({ 'player-volume': 2000 });
  });

  it('stamps every write in the mirror and the durable store alike', async () => {
    const { mirror, items } = fakeMirror();
    const { durable, values, release } = fakeDurable();
    const storage = createMediaStorage({ mirror, durable, now: () => 5000 });
    storage.set('player-volume', 0.3);
    storage.set('player-muted', true);
    release();
    await storage.ready;
    await flushPromises();
    expect(JSON.parse(items.get(MIRROR_STAMPS_KEY) ?? '')).toEqual({ 'player-volume': 5000, 'player-muted': 5001 });
    expect(values.get('player-muted')).toEqual({ savedAt: 5001, value: true });
  });

  it('copies mirror values the durable store lacks or holds corrupt into it', async () => {
    const { mirror } = fakeMirror({ 'player-volume': '0.2', 'player-muted': 'true' });
    const { durable, values, release } = fakeDurable({ 'player-muted': 'yes' });
    const storage = createMediaStorage({ mirror, durable });
    release();
    await storage.ready;
    await flushPromises();
    expect(storage.get('player-muted')).toBe(true);
    expect(values.get('player-volume')).toEqual(record(0.2));
    expect(values.get('player-muted')).toEqual(record(true));
  });

  it('does not let a late durable read undo a value set meanwhile', async () => {
    const { durable, values, release } = fakeDurable({ 'player-volume': 0.8 });
    const storage = createMediaStorage({ durable });
    storage.set('player-volume', 0.1);
    release();
    await storage.ready;
    expect(storage.get('player-volume')).toBe(0.1);
    expect(values.get('player-volume')).toEqual(record(0.1));
  });

  it('with a full mirror, the value still reads back and reaches the durable store; warns once', async () => {
    const { mirror } = fakeMirror({}, 'quota');
    const { durable, values, release } = fakeDurable();
    const warn = vi.fn();
    const storage = createMediaStorage({ mirror, durable, warn });
    storage.set('player-volume', 0.5);
    storage.set('player-muted', true);
    release();
    await storage.ready;
    await flushPromises();
    expect(storage.get('player-volume')).toBe(0.5);
    expect(values.get('player-volume')).toEqual(record(0.5));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ name: 'QuotaExceededError' });
  });

  it('keeps working when both stores throw on every call', async () => {
    const { mirror } = fakeMirror({}, 'blocked');
    const { durable, release } = fakeDurable({}, 'blocked');
    const warn = vi.fn();
    const storage = createMediaStorage({ mirror, durable, warn });
    release();
    storage.set('player-muted', true);
    await expect(storage.ready).resolves.toBeUndefined();
    await flushPromises();
    expect(storage.get('player-muted')).toBe(true);
    expect(warn).toHaveBeenCalledTimes(2); // once per store
  });

  it('drops values that fail the guard and skips unchanged ones', () => {
    const { mirror, items } = fakeMirror();
    const storage = createMediaStorage({ mirror });
    const listener = vi.fn();
    storage.subscribe(listener);
    storage.set('player-volume', Number.NaN);
    expect(storage.get('player-volume')).toBe(1);
    expect(items.has('player-volume')).toBe(false);
    storage.set('player-volume', 0.5);
    storage.set('player-volume', 0.5);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
