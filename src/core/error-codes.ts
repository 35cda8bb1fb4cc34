/**
 * Every error code of the player, one table (ARCHITECTURE.md, "error table"). SPEC.md section 8
 * fixes 1 and 4; the rest are the player's own, grouped by hundreds per category. The viewer's
 * message for each is chosen by code in src/app/error-view.ts.
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
} as const;

export type PlayerErrorCode = (typeof PLAYER_ERROR_CODES)[keyof typeof PLAYER_ERROR_CODES];

/** The ad error codes of SPEC.md section 8, reserved here for the ads module (category 'ad'). */
export const AD_ERROR_CODES = {
  XML_PARSING: 100,
  NO_RESPONSE: 303,
  LOAD_TIMEOUT: 350,
  MEDIA_FILE_NOT_FOUND: 401,
  MEDIA_FILE_TIMEOUT: 402,
  NO_SUPPORTED_MEDIA_FILE: 403,
  MEDIA_DELIVERY: 405,
  CANNOT_PLAY: 450,
  UNDEFINED: 900,
  GENERAL: 901,
} as const;
