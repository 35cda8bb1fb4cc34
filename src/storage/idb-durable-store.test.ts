import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserMirror, idbDurableStore } from './idb-durable-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function defineThrowingGlobal(name: string) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      throw new DOMException('denied', 'SecurityError');
    },
  });
  return () => Reflect.deleteProperty(globalThis, name);
}

describe('idbDurableStore', () => {
  it('is undefined without IndexedDB or when reading it throws', () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(idbDurableStore()).toBeUndefined();
    vi.unstubAllGlobals();
    const restore = defineThrowingGlobal('indexedDB');
    try {
      expect(idbDurableStore()).toBeUndefined();
    } finally {
      restore();
    }
  });

  it('turns an open that throws into rejected calls', async () => {
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    const store = idbDurableStore();
    expect(store).toBeDefined();
    await expect(store?.get('player-volume')).rejects.toMatchObject({ name: 'SecurityError' });
    await expect(store?.set('player-volume', 1)).rejects.toMatchObject({ name: 'SecurityError' });
  });
});

describe('browserMirror', () => {
  it('returns localStorage when there is one', () => {
    const storage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
    vi.stubGlobal('localStorage', storage);
    expect(browserMirror()).toBe(storage);
  });

  it('is undefined when localStorage is missing or reading it throws', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(browserMirror()).toBeUndefined();
    vi.unstubAllGlobals();
    const restore = defineThrowingGlobal('localStorage');
    try {
      expect(browserMirror()).toBeUndefined();
    } finally {
      restore();
    }
  });
});
