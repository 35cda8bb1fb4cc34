/** SPEC.md section 9: "media-session seek offset 10 s". */
export const MEDIA_SESSION_SEEK_OFFSET_S = 10;

/** The parts of `navigator.mediaSession` the player uses. */
export interface MediaSessionLike {
  metadata: unknown;
  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null): void;
}

export interface MediaSessionOptions {
  /** `navigator.mediaSession`; undefined where the browser has none. */
  session: MediaSessionLike | undefined;
  /** `(init) => new MediaMetadata(init)`; undefined where the constructor is missing. */
  createMetadata: ((init: MediaMetadataInit) => unknown) | undefined;
  title: string;
  /** The episode line, shown as the artist line of the lock screen and notification. */
  subtitle: string | undefined;
  artworkUrl: string | undefined;
  play(): void;
  pause(): void;
  seek(time: number): void;
  currentTime(): number;
  /** Present when there is a next episode. */
  next: (() => void) | undefined;
}

/**
 * The lock screen, notification and hardware media keys: the
 * title and artwork, play/pause, seeks of 10 s, a seek to a position and the next episode.
 * Returns a function that takes the handlers back (a new episode sets its own).
 */
export function connectMediaSession(options: MediaSessionOptions): () => void {
  const { session } = options;
  if (!session) return () => undefined;
  if (options.createMetadata) {
    session.metadata = options.createMetadata({
      title: options.title,
      artist: options.subtitle ?? '',
      artwork: options.artworkUrl ? [{ src: options.artworkUrl }] : [],
    });
  }
  const offset = (details: MediaSessionActionDetails) => details.seekOffset ?? MEDIA_SESSION_SEEK_OFFSET_S;
  const handlers: Array<[MediaSessionAction, MediaSessionActionHandler | null]> = [
    ['play', () => options.play()],
    ['pause', () => options.pause()],
    ['seekbackward', (details) => options.seek(Math.max(0, options.currentTime() - offset(details)))],
    ['seekforward', (details) => options.seek(options.currentTime() + offset(details))],
    ['seekto', (details) => details.seekTime !== undefined && options.seek(details.seekTime)],
    ['nexttrack', options.next ? () => options.next?.() : null],
  ];
  for (const [action, handler] of handlers) set(session, action, handler);
  return () => {
    for (const [action] of handlers) set(session, action, null);
  };
}

/** Browsers throw for actions they do not know; those simply stay unsupported. */
function set(session: MediaSessionLike, action: MediaSessionAction, handler: MediaSessionActionHandler | null): void {
  try {
    session.setActionHandler(action, handler);
  } catch {
    // unsupported action
  }
}
