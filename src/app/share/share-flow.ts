import { describeFailure, logPlayerError, PLAYER_ERROR_CODES } from '../../contract/errors/player-error.ts';
import type { NativeShareOutcome, ShareLog } from './native-share.ts';
import { buildShareLink, formatTimeCode, socialShareLinks, type SocialShareLink } from './share-link.ts';

/** What the app knows when the viewer asks to share. */
export interface ShareContext {
  /** The host page the viewer is on; `fallbackUrls` are tried in order when it is not usable. */
  pageUrl: string;
  fallbackUrls?: readonly string[] | undefined;
  /** Season and episode orders of a series; undefined for a film. */
  season?: number | undefined;
  episode?: number | undefined;
  /** The playback position in seconds when the popup opened. */
  currentTime: number;
}

/** The data the share popup shows (everything but its callbacks). */
export interface ShareView {
  link: string;
  withTimeCode: boolean;
  timeLabel: string;
  socialLinks: SocialShareLink[];
}

const warn: ShareLog = (message, error) => logPlayerError(describeFailure('share', PLAYER_ERROR_CODES.SHARE_FAILED, message, error));

/**
 * The popup's data for the box ticked or not (SPEC.md section 5: `t` only when ticked).
 * Recompute it when the box changes. Undefined when no address gives a link (logged only,
 * SPEC.md section 8); the app then hides sharing.
 */
export function describeShare(context: ShareContext, withTimeCode: boolean, log: ShareLog = warn): ShareView | undefined {
  const timeSeconds = withTimeCode ? context.currentTime : undefined;
  const options = { season: context.season, episode: context.episode, timeSeconds };
  for (const pageUrl of [context.pageUrl, ...(context.fallbackUrls ?? [])]) {
    try {
      const link = buildShareLink(pageUrl, options);
      return { link, withTimeCode, timeLabel: formatTimeCode(context.currentTime), socialLinks: socialShareLinks(link) };
    } catch (error) {
      log('Share link not built', error);
    }
  }
  return undefined;
}

/** What opening the share needs from the app. */
export interface OpenShareHost {
  /** Pauses the video (SPEC.md section 4: opening the share popup pauses the video). */
  pause(): void;
  /** True on phones where the native sheet replaces the popup (see `prefersNativeShare`). */
  preferNative: boolean;
  /** `() => shareNatively(link, title)`; called synchronously, inside the click's user gesture. */
  shareNatively(): Promise<NativeShareOutcome>;
  /** Shows the popup. */
  showPopup(): void;
}

/**
 * The 'Поделиться' button's action: pause, then the native sheet on phones, else (or when the
 * sheet is unavailable) the popup. A dismissed sheet ('cancelled') opens nothing else.
 */
export async function openShare(host: OpenShareHost): Promise<void> {
  host.pause();
  if (host.preferNative && (await host.shareNatively()) !== 'unavailable') return;
  host.showPopup();
}
