import { createStore, type Store } from '../store.ts';

/** What the fullscreen button renders. `mode` is the fullscreen in effect now ('none' when not active). */
export interface FullscreenState {
  supported: boolean;
  active: boolean;
  mode: 'native' | 'stretch' | 'none';
}

/** The player root: the standard request and Safari's prefixed one, and the class for stretch. */
export interface FullscreenElement {
  requestFullscreen?: () => Promise<void>;
  webkitRequestFullscreen?: () => Promise<void> | void;
  readonly classList: { add(name: string): void; remove(name: string): void };
}

/** The video: iPhone's native video fullscreen and its events. */
export interface FullscreenVideo extends Pick<EventTarget, 'addEventListener'> {
  webkitEnterFullscreen?: () => void;
  webkitExitFullscreen?: () => void;
}

/** The document: the standard API and Safari's prefixed one. */
export interface FullscreenDocument extends Pick<EventTarget, 'addEventListener'> {
  readonly fullscreenEnabled?: boolean;
  readonly webkitFullscreenEnabled?: boolean;
  readonly fullscreenElement?: unknown;
  readonly webkitFullscreenElement?: unknown;
  exitFullscreen?: () => Promise<void>;
  webkitExitFullscreen?: () => Promise<void> | void;
}

export interface FullscreenControllerOptions {
  /** The player root, which goes fullscreen (so the controls come along). */
  element: FullscreenElement;
  video: FullscreenVideo;
  doc: FullscreenDocument;
  /** The player runs inside the host page's frame. */
  framed: boolean;
  isIOS: boolean;
  /** Sends enterFullScreen / exitFullScreen to the host page (SPEC.md section 7). */
  postToHost(type: 'enterFullScreen' | 'exitFullScreen'): void;
  /** The widget's fullscreen mode flag (SPEC.md section 1); 'stretch' stretches whenever framed. Default 'native'. */
  preferredMode?: 'native' | 'stretch';
}

export interface FullscreenController {
  readonly store: Store<FullscreenState>;
  toggle(): Promise<void>;
  /** Rejects with Error('Fullscreen is not supported') where nothing is (SPEC.md section 8). */
  enter(): Promise<void>;
  exit(): Promise<void>;
  /** The host page left stretched fullscreen itself (its exitFullScreen command): nothing is posted back. */
  hostExited(): void;
  /** Stops listening and leaves stretched fullscreen (nothing else would undo it); idempotent. */
  destroy(): void;
}

/** Class on the player root while the host's frame is stretched over the page. */
export const STRETCHED_CLASS = 'player--stretched';

type Strategy = 'element' | 'stretch' | 'video' | 'none';

/**
 * Fullscreen for the player: the element Fullscreen API (or Safari's prefixed one) where it is
 * enabled; on iOS inside a frame the host stretches the frame instead, since iPhone has no
 * element fullscreen and the native video player would hide our controls (SPEC.md section 4);
 * on iOS outside a frame the native video fullscreen. State follows the browser's events.
 */
export function createFullscreenController(options: FullscreenControllerOptions): FullscreenController {
  const { element, video, doc, postToHost } = options;
  const strategy = pickStrategy(options);
  const store = createStore<FullscreenState>({ supported: strategy !== 'none', active: false, mode: 'none' });
  const lifetime = new AbortController();
  const { signal } = lifetime;

  const currentElement = () => doc.fullscreenElement ?? doc.webkitFullscreenElement ?? null;
  const syncElement = () => {
    const active = currentElement() === element;
    store.update({ active, mode: active ? 'native' : 'none' });
  };
  if (strategy === 'element') {
    doc.addEventListener('fullscreenchange', syncElement, { signal });
    doc.addEventListener('webkitfullscreenchange', syncElement, { signal });
    syncElement();
  }
  if (strategy === 'video') {
    video.addEventListener('webkitbeginfullscreen', () => store.update({ active: true, mode: 'native' }), { signal });
    video.addEventListener('webkitendfullscreen', () => store.update({ active: false, mode: 'none' }), { signal });
  }

  const leaveStretch = (notifyHost: boolean) => {
    if (store.getState().mode !== 'stretch') return;
    element.classList.remove(STRETCHED_CLASS);
    store.update({ active: false, mode: 'none' });
    if (notifyHost) postToHost('exitFullScreen');
  };

  const enter = async (): Promise<void> => {
    if (signal.aborted || store.getState().active) return;
    if (strategy === 'none') throw new Error('Fullscreen is not supported');
    if (strategy === 'element') {
      await (element.requestFullscreen ? element.requestFullscreen() : element.webkitRequestFullscreen?.());
    } else if (strategy === 'video') {
      video.webkitEnterFullscreen?.();
    } else {
      // No browser event exists for a stretched frame: the controller's own call is the change.
      element.classList.add(STRETCHED_CLASS);
      store.update({ active: true, mode: 'stretch' });
      postToHost('enterFullScreen');
    }
  };

  const exit = async (): Promise<void> => {
    if (signal.aborted || !store.getState().active) return;
    if (strategy === 'stretch') leaveStretch(true);
    else if (strategy === 'video') video.webkitExitFullscreen?.();
    // exitFullscreen rejects when the document is not fullscreen, so ask only when it is.
    else if (currentElement() !== null) await (doc.exitFullscreen ? doc.exitFullscreen() : doc.webkitExitFullscreen?.());
  };

  return {
    store,
    enter,
    exit,
    toggle: () => (store.getState().active ? exit() : enter()),
    hostExited: () => leaveStretch(false),
    destroy() {
      if (signal.aborted) return;
      leaveStretch(true);
      lifetime.abort();
    },
  };
}

/** Decided once: the frame and the platform do not change while the player lives. */
function pickStrategy({ element, video, doc, framed, isIOS, preferredMode = 'native' }: FullscreenControllerOptions): Strategy {
  if (framed && (isIOS || preferredMode === 'stretch')) return 'stretch';
  const enabled = doc.fullscreenEnabled ?? doc.webkitFullscreenEnabled ?? false;
  const canRequest = typeof element.requestFullscreen === 'function' || typeof element.webkitRequestFullscreen === 'function';
  if (enabled && canRequest) return 'element';
  if (isIOS && typeof video.webkitEnterFullscreen === 'function') return 'video';
  return 'none';
}
