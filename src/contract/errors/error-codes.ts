/**
 * Every error code of the player, one table (ARCHITECTURE.md, "error table"). SPEC.md section 8
 * fixes 1 and 4; the rest are the player's own, grouped by hundreds per category. The viewer's
 * message for each is chosen by code in src/app/app-errors.ts. Plain data with no imports: the
 * engine worker reads it too.
 */
export const PLAYER_ERROR_CODES = {
  /** DASH library runtime error (SPEC.md section 8). */
  DASH_RUNTIME: 1,
  /** The media element failed to decode or play. */
  MEDIA: 3,
  /** 'Failed to load resource.', an unsupported DASH library, a library that failed to load (SPEC.md section 8). */
  RESOURCE: 4,
  /** The source's format is not supported by any engine, or an engine declined it. */
  UNSUPPORTED: 5,
  /** A setting from the page or its address is malformed. */
  CONFIG_INVALID: 1001,
  /** No movie_id in the query nor in the page global: 'Пропущен movie_id в запросе'. */
  MOVIE_ID_MISSING: 1002,
  /** The catalogue has no such content, or it has no episode: 'Контент не доступен'. */
  CONTENT_NOT_FOUND: 2001,
  /** A catalogue call failed otherwise (network, 5xx, a malformed answer). */
  CATALOGUE_FAILED: 2002,
  /** The episode's master manifest did not load: 'Ошибка в загрузке: {url}'. */
  MANIFEST_FAILED: 2101,
  /** Not available in the viewer's country. */
  CONTENT_BLOCKED: 2201,
  /** Saved state could not be read or written (logged only). */
  STORAGE_FAILED: 4001,
  /** Sharing failed (logged only). */
  SHARE_FAILED: 4101,
  /** Audio processing (the boost) is unsupported here (logged only). */
  AUDIO_PROCESSING_UNSUPPORTED: 4201,
  /** A listener of the player event map threw; the others still heard the event (recoverable). */
  LISTENER_FAILED: 5001,
} as const;

export type PlayerErrorCode = (typeof PLAYER_ERROR_CODES)[keyof typeof PLAYER_ERROR_CODES];

type Code<K extends keyof typeof PLAYER_ERROR_CODES> = (typeof PLAYER_ERROR_CODES)[K];

/**
 * Which codes each category may carry: a PlayerError of a category with a code outside its own
 * does not compile (player-error.test-d.ts). Types only, so nothing of it reaches a bundle. Ad
 * failures are not here: they end the ad, never the player (SPEC.md section 8), and their codes
 * are the VAST worker's (workers/vast/vast-errors.ts).
 */
export interface PlayerErrorCodes {
  config: Code<'CONFIG_INVALID'> | Code<'MOVIE_ID_MISSING'>;
  catalogue: Code<'CONTENT_NOT_FOUND'> | Code<'CATALOGUE_FAILED'>;
  manifest: Code<'MANIFEST_FAILED'>;
  blocked: Code<'CONTENT_BLOCKED'>;
  /** A stream request that failed for good: 'Failed to load resource.' */
  network: Code<'RESOURCE'>;
  /** The element or the engine could not decode; the element's own errors are 'Failed to load resource.' */
  media: Code<'MEDIA'> | Code<'RESOURCE'>;
  /** The DASH library's runtime error, a library that did not load, no engine for the source. */
  engine: Code<'DASH_RUNTIME'> | Code<'RESOURCE'> | Code<'UNSUPPORTED'>;
  storage: Code<'STORAGE_FAILED'>;
  share: Code<'SHARE_FAILED'>;
  audio: Code<'AUDIO_PROCESSING_UNSUPPORTED'>;
  /** The player's own bug caught where it happened (src/core/events.ts). */
  internal: Code<'LISTENER_FAILED'>;
}

export type PlayerErrorCategory = keyof PlayerErrorCodes;

/** A category with one of its own codes, as plain data (what crosses from a worker). */
export type PlayerErrorKind = { [C in PlayerErrorCategory]: { category: C; code: PlayerErrorCodes[C] } }[PlayerErrorCategory];
