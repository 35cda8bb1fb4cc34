import { PLAYER_ERROR_CODES, PlayerError, asPlayerError, logPlayerError } from '../contract/errors/player-error.ts';
import { ruErrors as ru } from '../ui/i18n/ru-errors.ts';

/** A failure as the viewer sees it (SPEC.md section 8). */
export interface ErrorView {
  status: 'error';
  message: string;
  /** Whether 'Перезагрузить страницу' is offered: only where starting over may help. */
  canReload: boolean;
  /** The failure shown, with the id in its message: error reporting reads it (src/telemetry). */
  error: PlayerError;
}

/** The content cannot be watched in the viewer's country (code CONTENT_BLOCKED). */
export class ContentBlockedError extends PlayerError<'blocked'> {
  constructor() {
    super('blocked', PLAYER_ERROR_CODES.CONTENT_BLOCKED, 'fatal', 'The content is not available in this country');
    this.name = 'ContentBlockedError';
  }
}

/** The content has no episode to open: for the viewer, the same as a missing content (code CONTENT_NOT_FOUND). */
export class NoEpisodesError extends PlayerError<'catalogue'> {
  constructor(movieId: number) {
    super('catalogue', PLAYER_ERROR_CODES.CONTENT_NOT_FOUND, 'fatal', `Content ${movieId} has no episodes`, { movieId });
    this.name = 'NoEpisodesError';
  }
}

/**
 * The viewer messages of SPEC.md section 8, by code: one map. A code without its own message gets
 * the generic one with the error's id and 'Перезагрузить страницу'.
 */
const MESSAGES: Readonly<Partial<Record<number, (error: PlayerError) => string>>> = {
  [PLAYER_ERROR_CODES.MOVIE_ID_MISSING]: () => ru.missingMovieId,
  [PLAYER_ERROR_CODES.CONTENT_NOT_FOUND]: () => ru.contentNotAvailable,
  [PLAYER_ERROR_CODES.CONTENT_BLOCKED]: () => ru.blockedInCountry,
  [PLAYER_ERROR_CODES.MANIFEST_FAILED]: (error) => ru.manifestLoadFailed(String(error.detail.url ?? '')),
};

/** Maps a failure to its viewer message (SPEC.md section 8) and logs it once, with the id shown. */
export function errorView(failure: unknown): ErrorView {
  const error = asPlayerError(failure);
  logPlayerError(error);
  const message = MESSAGES[error.code];
  return message
    ? { status: 'error', message: message(error), canReload: false, error }
    : { status: 'error', message: ru.genericError(error.id), canReload: true, error };
}
