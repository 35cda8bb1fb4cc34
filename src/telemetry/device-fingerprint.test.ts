import type { UnknownComponents } from '@fingerprintjs/fingerprintjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_FINGERPRINT_SOURCES,
  ensureDeviceFingerprint,
  type CookieDocument,
  type DeviceFingerprintOptions,
  type FingerprintLibrary,
} from './device-fingerprint.ts';

/** Sources that must never run: rendering probes, fonts, plugins, the browser's identity, the screen frame. */
const EXCLUDED = ['canvas', 'audio', 'fonts', 'plugins', 'webGlBasics', 'math', 'userAgentData', 'screenFrame'];

/** A document whose cookie reads as `cookie` and records every write. */
function fakeDocument(cookie = '', protocol = 'https:') {
  const writes: string[] = [];
  const doc: CookieDocument = {
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      writes.push(value);
    },
    location: { protocol },
  };
  return { doc, writes, setCookie: (value: string) => (cookie = value) };
}

/**
 * The library: every selected source answers its own name (screenResolution in two stages, as
 * some real ones do), the excluded ones record being run, and the hash records what it was given.
 */
function fakeLibrary(overrides: Record<string, unknown> = {}) {
  const ran: string[] = [];
  const hashed: UnknownComponents[] = [];
  const sources: Record<string, unknown> = Object.fromEntries(DEVICE_FINGERPRINT_SOURCES.map((name) => [name, () => `${name}-value`]));
  sources.screenResolution = () => async () => [1920, 1080];
  for (const excluded of EXCLUDED) {
    sources[excluded] = () => void ran.push(excluded);
  }
  Object.assign(sources, overrides);
  const library: FingerprintLibrary = {
    sources,
    hashComponents: (components) => {
      hashed.push(components);
      return 'f00dfeed';
    },
  };
  return { library, ran, hashed };
}

function run(options: Partial<DeviceFingerprintOptions> & { doc: CookieDocument }) {
  const log = vi.fn();
  const { library } = fakeLibrary();
  const loadLibrary = vi.fn(async () => library);
  const result = ensureDeviceFingerprint({ schedule: async () => undefined, loadLibrary, log, ...options });
  return { result, log, loadLibrary };
}

const EXPECTED_COOKIE = 'device_fp=f00dfeed; path=/; max-age=31536000';

afterEach(() => {
  vi.useRealTimers();
});

describe('ensureDeviceFingerprint (SPEC.md sections 3, 7, 9)', () => {
  it('selects only sources the installed library has', async () => {
    const { sources } = await import('@fingerprintjs/fingerprintjs');
    const known: Readonly<Record<string, unknown>> = sources;
    for (const name of DEVICE_FINGERPRINT_SOURCES) expect(typeof known[name], name).toBe('function');
  });

  it('leaves an existing cookie alone and loads nothing', async () => {
    const { doc, writes } = fakeDocument('a=1; device_fp=abc123; b=2');
    const schedule = vi.fn(async () => undefined);
    const { result, loadLibrary } = run({ doc, schedule });
    expect(await result).toBe('abc123');
    expect(writes).toEqual([]);
    expect(schedule).not.toHaveBeenCalled();
    expect(loadLibrary).not.toHaveBeenCalled();
  });

  it('waits for the schedule before loading the library, then writes the cookie for a year', async () => {
    const { doc, writes } = fakeDocument('a=1');
    let fire = () => undefined as void;
    const schedule = () => new Promise<void>((resolve) => (fire = resolve));
    const { result, loadLibrary } = run({ doc, schedule });
    await Promise.resolve();
    expect(loadLibrary).not.toHaveBeenCalled();
    fire();
    expect(await result).toBe('f00dfeed');
    expect(writes).toEqual([`${EXPECTED_COOKIE}; SameSite=None; Secure; Partitioned`]);
  });

  it('writes the cookie without SameSite=None; Secure on http', async () => {
    const { doc, writes } = fakeDocument('', 'http:');
    await run({ doc }).result;
    expect(writes).toEqual([EXPECTED_COOKIE]);
  });

  it('does not overwrite a cookie written while it waited', async () => {
    const { doc, writes, setCookie } = fakeDocument('');
    const { result, loadLibrary } = run({ doc, schedule: async () => void setCookie('device_fp=other') });
    expect(await result).toBe('other');
    expect(writes).toEqual([]);
    expect(loadLibrary).not.toHaveBeenCalled();
  });

  it('hashes the hardware, locale, screen and system components only', async () => {
    const { doc } = fakeDocument('');
    const { library, ran, hashed } = fakeLibrary();
    await ensureDeviceFingerprint({ doc, schedule: async () => undefined, loadLibrary: async () => library });
    expect(ran).toEqual([]);
    expect(hashed).toHaveLength(1);
    const components = hashed[0]!;
    expect(Object.keys(components).sort()).toEqual([...DEVICE_FINGERPRINT_SOURCES].sort());
    expect(components.timezone).toMatchObject({ value: 'timezone-value' });
    expect(components.screenResolution).toMatchObject({ value: [1920, 1080] });
    for (const excluded of EXCLUDED) {
      expect(components).not.toHaveProperty(excluded);
    }
  });

  it('runs each source, then the hash, in a task of its own, so that none makes a long task on a slow phone', async () => {
    const { doc, writes } = fakeDocument('', 'http:');
    const order: string[] = [];
    const sources = Object.fromEntries(DEVICE_FINGERPRINT_SOURCES.map((name) => [name, () => void order.push(name)]));
    const library: FingerprintLibrary = { sources, hashComponents: () => (order.push('hash'), 'f00dfeed') };
    const pause = async () => void order.push('new task');
    expect(await ensureDeviceFingerprint({ doc, schedule: async () => undefined, loadLibrary: async () => library, pause })).toBe('f00dfeed');
    expect(order).toEqual([...DEVICE_FINGERPRINT_SOURCES, 'hash'].flatMap((step) => ['new task', step]));
    expect(writes).toEqual([EXPECTED_COOKIE]);
  });

  it('counts a component that takes over 1000 ms, throws or is missing as an error, and still writes', async () => {
    vi.useFakeTimers();
    const { doc, writes } = fakeDocument('');
    const { library, hashed } = fakeLibrary({
      languages: () => new Promise(() => undefined),
      timezone: () => {
        throw new Error('no Intl');
      },
      vendor: undefined,
    });
    // Every source starts at once here: the timeouts alone are measured.
    const result = ensureDeviceFingerprint({ doc, schedule: async () => undefined, loadLibrary: async () => library, pause: async () => undefined });
    await vi.advanceTimersByTimeAsync(999);
    expect(hashed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe('f00dfeed');
    const components = hashed[0]!;
    for (const failed of ['languages', 'timezone', 'vendor']) expect(components[failed]).toHaveProperty('error');
    expect(components.platform).toMatchObject({ value: 'platform-value' });
    expect(writes).toHaveLength(1);
  });

  it.each([
    ['the schedule fails', { schedule: () => Promise.reject(new Error('gone')) }],
    ['the library does not load', { loadLibrary: () => Promise.reject(new Error('chunk failed')) }],
    [
      'the hash throws',
      {
        loadLibrary: async () => ({
          sources: {},
          hashComponents: () => {
            throw new Error('hash');
          },
        }),
      },
    ],
  ])('logs and resolves undefined when %s', async (_name, options) => {
    const { doc, writes } = fakeDocument('');
    const { result, log } = run({ doc, ...options });
    expect(await result).toBeUndefined();
    expect(writes).toEqual([]);
    expect(log).toHaveBeenCalledOnce();
  });

  it('logs and resolves undefined when the document refuses cookies (a sandboxed frame)', async () => {
    const doc: CookieDocument = {
      get cookie(): string {
        throw new DOMException('sandboxed', 'SecurityError');
      },
      set cookie(_value: string) {
        throw new DOMException('sandboxed', 'SecurityError');
      },
      location: { protocol: 'https:' },
    };
    const { result, log } = run({ doc });
    expect(await result).toBeUndefined();
    expect(log).toHaveBeenCalledOnce();
  });
});
