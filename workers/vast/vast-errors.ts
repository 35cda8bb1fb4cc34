/**
 * Ad error codes and their messages (SPEC.md section 8, then the IAB VAST 4.3 table where the
 * spec has no code of its own).
 */
export const AD_ERROR = {
  XML_PARSING: 100,
  VERSION_UNSUPPORTED: 102,
  WRAPPER_ERROR: 300,
  WRAPPER_TIMEOUT: 301,
  WRAPPER_LIMIT: 302,
  NO_RESPONSE: 303,
  LOAD_TIMEOUT: 350,
  MEDIA_NOT_FOUND: 401,
  MEDIA_TIMEOUT: 402,
  MEDIA_UNSUPPORTED: 403,
  MEDIA_FAILED: 405,
  CANNOT_PLAY: 450,
  UNDEFINED: 900,
  GENERAL: 901,
} as const;

export type AdErrorCode = (typeof AD_ERROR)[keyof typeof AD_ERROR];

/** The spec's own messages where it has one; the rest say what happened in plain words. */
export const AD_ERROR_MESSAGE = {
  parsing: 'Failed parsing xml',
  empty: 'Empty vast',
  load: 'Failed load VAST',
  mediaNotFound: 'Not found mediaFiles in VAST',
  mediaUnsupported: 'Not found supported mediaFile',
  mediaFailed: (src: string) => `Media file error: ${src}`,
  cannotPlay: (reason: string) => `Video cant play: ${reason}`,
  unknown: 'Unknown message',
} as const;

/** A failure of one ad, with the code that goes into its Error URLs' [ERRORCODE]. */
export interface AdFailure {
  code: AdErrorCode;
  message: string;
  /** Every Error URL of the chain that led here, wrappers first, to fire with `code`. */
  errorUrls: string[];
}
