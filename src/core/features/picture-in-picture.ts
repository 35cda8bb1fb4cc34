import { createStore, type Store } from '../store.ts';

/** What the picture-in-picture button renders. */
export interface PictureInPictureState {
  supported: boolean;
  active: boolean;
}

/** Safari's presentation modes (its picture-in-picture before the standard API). */
type PresentationMode = 'inline' | 'picture-in-picture' | 'fullscreen';

/** The video: the standard API, Safari's presentation modes, and the page's opt-out. */
export interface PictureInPictureVideo extends Pick<EventTarget, 'addEventListener'> {
  readonly disablePictureInPicture?: boolean;
  requestPictureInPicture?: () => Promise<unknown>;
  webkitSupportsPresentationMode?: (mode: PresentationMode) => boolean;
  webkitSetPresentationMode?: (mode: PresentationMode) => void;
  readonly webkitPresentationMode?: PresentationMode;
}

/** The document: whether the standard API is enabled, and the element now in the window. */
export interface PictureInPictureDocument {
  readonly pictureInPictureEnabled?: boolean;
  readonly pictureInPictureElement?: unknown;
  exitPictureInPicture?: () => Promise<void>;
}

export interface PictureInPictureOptions {
  video: PictureInPictureVideo;
  doc: PictureInPictureDocument;
}

export interface PictureInPicture {
  readonly store: Store<PictureInPictureState>;
  toggle(): Promise<void>;
  /** Rejects with Error('Picture-in-picture is not supported') where it is not (SPEC.md section 8). */
  enter(): Promise<void>;
  exit(): Promise<void>;
  /** Stops listening; idempotent. */
  destroy(): void;
}

const PIP = 'picture-in-picture';

/**
 * Picture-in-picture for the video (SPEC.md sections 1 and 4): the standard API, else Safari's
 * presentation mode. Requests only ask; `active` follows the browser's events, because the
 * viewer can also leave the window with the browser's own controls.
 */
export function createPictureInPicture({ video, doc }: PictureInPictureOptions): PictureInPicture {
  const standard = doc.pictureInPictureEnabled === true && typeof video.requestPictureInPicture === 'function';
  const webkit = typeof video.webkitSetPresentationMode === 'function' && video.webkitSupportsPresentationMode?.(PIP) === true;
  const supported = () => (standard || webkit) && video.disablePictureInPicture !== true;

  const isActive = () => doc.pictureInPictureElement === video || video.webkitPresentationMode === PIP;
  const store = createStore<PictureInPictureState>({ supported: supported(), active: isActive() });
  const lifetime = new AbortController();
  const { signal } = lifetime;
  const sync = () => store.update({ active: isActive() });
  for (const type of ['enterpictureinpicture', 'leavepictureinpicture', 'webkitpresentationmodechanged']) {
    video.addEventListener(type, sync, { signal });
  }

  const enter = async (): Promise<void> => {
    if (signal.aborted || isActive()) return;
    // disablePictureInPicture may be set after start (by an ad, say), so it is read again here.
    if (!supported()) throw new Error('Picture-in-picture is not supported');
    if (standard) await video.requestPictureInPicture?.();
    else video.webkitSetPresentationMode?.(PIP);
  };

  const exit = async (): Promise<void> => {
    if (signal.aborted) return;
    if (doc.pictureInPictureElement === video) await doc.exitPictureInPicture?.();
    else if (video.webkitPresentationMode === PIP) video.webkitSetPresentationMode?.('inline');
  };

  return {
    store,
    enter,
    exit,
    toggle: () => (isActive() ? exit() : enter()),
    destroy: () => lifetime.abort(),
  };
}
