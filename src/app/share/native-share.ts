import { describeFailure, logPlayerError, PLAYER_ERROR_CODES } from '../../contract/errors/player-error.ts';
/** What a native share attempt came to. */
export type NativeShareOutcome = 'shared' | 'cancelled' | 'unavailable';

/** The part of `navigator` the Web Share API needs. */
export interface ShareNavigator {
  share?: ((data: ShareData) => Promise<void>) | undefined;
  canShare?: ((data?: ShareData) => boolean) | undefined;
}

/** Where share errors go: they are logged only (SPEC.md section 8). */
export type ShareLog = (message: string, error: unknown) => void;

const warn: ShareLog = (message, error) => logPlayerError(describeFailure('share', PLAYER_ERROR_CODES.SHARE_FAILED, message, error));

/**
 * Opens the device's own share sheet for `url` (SPEC.md section 2: on mobile the native share is
 * used). Call it straight from the click handler: browsers allow `navigator.share` only during a
 * user gesture, and it is called before this function awaits anything.
 *
 * @returns 'shared' when the sheet completed; 'cancelled' when the viewer dismissed it (AbortError);
 *   'unavailable' when the API is missing, `canShare({ url })` refuses, or sharing failed for
 *   another reason (logged) — the caller then shows the share popup instead.
 */
export async function shareNatively(
  url: string,
  title: string,
  nav: ShareNavigator | undefined = globalThis.navigator,
  log: ShareLog = warn,
): Promise<NativeShareOutcome> {
  const data: ShareData = { url, title };
  if (!nav || typeof nav.share !== 'function' || !canShare(nav, url, log)) return 'unavailable';
  try {
    await nav.share(data);
    return 'shared';
  } catch (error) {
    if (errorName(error) === 'AbortError') return 'cancelled';
    // NotAllowedError (no user gesture, or a frame without allow="web-share"), InvalidStateError
    // (a sheet already open), TypeError (refused data): the popup still works.
    log('Native share failed', error);
    return 'unavailable';
  }
}

/**
 * Whether the device is a phone-like touch device, where the native sheet replaces the popup
 * (SPEC.md section 2). Desktop browsers have `navigator.share` too but get the popup.
 */
export function prefersNativeShare(matchMedia: ((query: string) => { matches: boolean }) | undefined = globalThis.matchMedia): boolean {
  return matchMedia?.('(hover: none) and (pointer: coarse)').matches ?? false;
}

function canShare(nav: ShareNavigator, url: string, log: ShareLog): boolean {
  if (typeof nav.canShare !== 'function') return false;
  try {
    return nav.canShare({ url });
  } catch (error) {
    log('Native share check failed', error);
    return false;
  }
}

function errorName(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
}
