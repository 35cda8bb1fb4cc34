import type { Component, UnknownComponents, sources } from '@fingerprintjs/fingerprintjs';
import { sessionContext } from '../contract/auth/session-context.ts';
import { yieldToMain } from '../core/yield-to-main.ts';

/** The cookie every request echoes as X-Session-Context (SPEC.md sections 3 and 7). */
export const DEVICE_FP_COOKIE = 'device_fp';
/** One year (SPEC.md section 3). */
export const DEVICE_FP_MAX_AGE_S = 31_536_000;
/** How long one component may take before it counts as failed (SPEC.md section 9). */
export const COMPONENT_TIMEOUT_MS = 1000;

/**
 * The library's entropy sources the fingerprint is built from: hardware, locale, screen and
 * system only (SPEC.md section 3). Left out: rendering and media probes (canvas, WebGL, audio,
 * math), fonts, plugins, ad blockers, the browser's identity and settings (client hints, vendor
 * flavours, storage and cookie flags, PDF viewer, Apple Pay, click measurement) and the viewer's
 * display preferences (contrast, reduced motion or transparency, forced or inverted colours).
 */
export const DEVICE_FINGERPRINT_SOURCES = [
  // Hardware: processor count, architecture and class, memory size class, touch input.
  'hardwareConcurrency',
  'architecture',
  'cpuClass',
  'deviceMemory',
  'touchSupport',
  // Locale: preferred languages, time zone, date and time locale.
  'languages',
  'timezone',
  'dateTimeLocale',
  // Screen: size, colour depth and gamut, dynamic range, monochrome. Not screenFrame (the space
  // docks and task bars take): where it reads zero, the library exits fullscreen, the viewer's
  // video's included, to read it again, and polls the screen every 2.5 s for the page's life.
  'screenResolution',
  'colorDepth',
  'colorGamut',
  'hdr',
  'monochrome',
  // System: the platform, the OS and CPU string (Firefox), the navigator vendor.
  'platform',
  'osCpu',
  'vendor',
] as const satisfies ReadonlyArray<keyof typeof sources>;

/**
 * What the player uses of @fingerprintjs/fingerprintjs: its sources by name and its hash.
 * Only the selected sources run, each under its own timeout, which the library's agent offers
 * neither of; the agent's load() is never called, so its remote monitoring request never goes.
 */
export interface FingerprintLibrary {
  readonly sources: Readonly<Record<string, unknown>>;
  hashComponents(components: UnknownComponents): string;
}

/** The parts of `document` used here; tests pass a fake. */
export interface CookieDocument {
  cookie: string;
  readonly location: { readonly protocol: string };
}

export interface DeviceFingerprintOptions {
  /** Default: the global `document`. */
  doc?: CookieDocument;
  /** Default: a dynamic import of @fingerprintjs/fingerprintjs, which makes it its own chunk. */
  loadLibrary?: () => Promise<FingerprintLibrary>;
  /** Resolves when the work may start: after the first frame, when the page is idle. */
  schedule: () => Promise<unknown>;
  /** Default: COMPONENT_TIMEOUT_MS. */
  componentTimeoutMs?: number;
  /** Where failures go. Default: console.warn. */
  log?: (message: string, error: unknown) => void;
  /** Resumes in a new task (each source and the hash start in one of their own). Default: yieldToMain. */
  pause?: () => Promise<void>;
}

/**
 * Makes sure the device_fp cookie exists. When it does, nothing is done and its value is
 * returned; otherwise, once `schedule` resolves, the selected components are collected and
 * hashed and the cookie is written. Never rejects: a failure is logged and gives undefined.
 */
export async function ensureDeviceFingerprint({
  doc = document,
  loadLibrary = () => import('@fingerprintjs/fingerprintjs'),
  schedule,
  componentTimeoutMs = COMPONENT_TIMEOUT_MS,
  log = console.warn,
  pause = yieldToMain,
}: DeviceFingerprintOptions): Promise<string | undefined> {
  try {
    const existing = sessionContext(doc.cookie);
    if (existing) return existing;
    await schedule();
    // Another player on the page (or a second tab) may have written it meanwhile.
    const written = sessionContext(doc.cookie);
    if (written) return written;
    const library = await loadLibrary();
    const components = await collectComponents(library, componentTimeoutMs, pause);
    await pause();
    const value = library.hashComponents(components);
    doc.cookie = deviceFingerprintCookie(value, doc.location.protocol);
    return value;
  } catch (error) {
    log('device fingerprint: not written', error);
    return undefined;
  }
}

/**
 * The Set-Cookie string. The player runs in a third-party iframe, where browsers store and send
 * a cookie only with SameSite=None, which they accept only with Secure, which needs https; on
 * http (local development) both are left out, or the cookie would be dropped. Partitioned (CHIPS)
 * keeps it in a jar of its own per host site, which is how browsers that block third-party
 * cookies still keep it.
 */
export function deviceFingerprintCookie(value: string, protocol: string): string {
  const cookie = `${DEVICE_FP_COOKIE}=${encodeURIComponent(value)}; path=/; max-age=${DEVICE_FP_MAX_AGE_S}`;
  return protocol === 'https:' ? `${cookie}; SameSite=None; Secure; Partitioned` : cookie;
}

/**
 * Each source starts in a task of its own: together they made one task of 50 to 80 ms on a phone
 * (the first use of Intl alone takes a third of it). They still run side by side, each under
 * its own timeout: a slow asynchronous one holds up none of the others.
 */
async function collectComponents(library: FingerprintLibrary, timeoutMs: number, pause: () => Promise<void>): Promise<UnknownComponents> {
  const running: Promise<readonly [string, Component<unknown>]>[] = [];
  for (const name of DEVICE_FINGERPRINT_SOURCES) {
    await pause();
    running.push(runSource(name, library.sources[name], timeoutMs).then((component) => [name, component] as const));
  }
  return Object.fromEntries(await Promise.all(running));
}

/** Options the library passes its sources; the selected ones read none, WebGL would read the cache. */
const SOURCE_OPTIONS = { cache: {}, debug: false };

/**
 * Runs one source as the library does (a value, or a function that gets it, either possibly
 * async) under `timeoutMs`; a failure or timeout becomes an error component, which the hash
 * records as 'error', like the library.
 */
async function runSource(name: string, source: unknown, timeoutMs: number): Promise<Component<unknown>> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    if (typeof source !== 'function') throw new Error(`the library has no source ${name}`);
    const work = (async () => {
      const loaded: unknown = await source(SOURCE_OPTIONS);
      return typeof loaded === 'function' ? ((await loaded()) as unknown) : loaded;
    })();
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${name} took over ${timeoutMs} ms`)), timeoutMs);
    });
    return { value: await Promise.race([work, timeout]), duration: Date.now() - started };
  } catch (error) {
    return { error, duration: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}
