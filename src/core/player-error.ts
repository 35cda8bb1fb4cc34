/**
 * The one error type of the player (ARCHITECTURE.md rule 5): category, numeric code, severity,
 * typed detail. Codes follow SPEC.md section 8: 4 for failed resources and missing libraries,
 * 1 for DASH runtime errors; the rest are the player's own.
 */
export const PLAYER_ERROR_CODES = {
  /** 'Failed to load resource.', an unsupported DASH library, a library that failed to load. */
  RESOURCE: 4,
  /** DASH library runtime error. */
  DASH_RUNTIME: 1,
  /** The media element failed to decode or play. */
  MEDIA: 3,
  /** The source's format is not supported by any engine. */
  UNSUPPORTED: 5,
} as const;

export type PlayerErrorCategory = 'network' | 'manifest' | 'media' | 'engine' | 'config';
export type PlayerErrorSeverity = 'recoverable' | 'fatal';
export type PlayerErrorDetail = Record<string, string | number | boolean | null>;

export class PlayerError extends Error {
  readonly category: PlayerErrorCategory;
  readonly code: number;
  readonly severity: PlayerErrorSeverity;
  readonly detail: PlayerErrorDetail;

  constructor(category: PlayerErrorCategory, code: number, severity: PlayerErrorSeverity, message: string, detail: PlayerErrorDetail = {}) {
    super(message);
    this.name = 'PlayerError';
    this.category = category;
    this.code = code;
    this.severity = severity;
    this.detail = detail;
  }
}

/** Any failure as a PlayerError (engines and libraries may throw plain errors). */
export function asPlayerError(error: unknown): PlayerError {
  if (error instanceof PlayerError) return error;
  return new PlayerError('engine', PLAYER_ERROR_CODES.RESOURCE, 'fatal', error instanceof Error ? error.message : String(error));
}
