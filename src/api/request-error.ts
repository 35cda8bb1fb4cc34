import { PLAYER_ERROR_CODES, PlayerError } from '../contract/errors/player-error.ts';

/** How much of a failed response's body an error keeps for its report (SPEC.md section 1). */
const BODY_KEPT = 1000;

/**
 * A catalogue or manifest request that failed: a PlayerError of category 'catalogue', code
 * CONTENT_NOT_FOUND for a 404, else CATALOGUE_FAILED; the status (0 for a network failure), the
 * URL and the response body in its detail and as fields.
 */
export class RequestError extends PlayerError<'catalogue'> {
  readonly status: number;
  readonly url: string;
  /** The response body, for error reports (SPEC.md section 1: HTTP errors attach it). */
  readonly body: string;

  constructor(url: string, status: number, body: string) {
    super(
      'catalogue',
      status === 404 ? PLAYER_ERROR_CODES.CONTENT_NOT_FOUND : PLAYER_ERROR_CODES.CATALOGUE_FAILED,
      'fatal',
      status === 0 ? `Request to ${url} failed` : `Request to ${url} answered ${status}`,
      { url, status, body: body.slice(0, BODY_KEPT) },
    );
    this.name = 'RequestError';
    this.url = url;
    this.status = status;
    this.body = body;
  }
}
