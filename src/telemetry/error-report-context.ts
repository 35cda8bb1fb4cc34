/**
 * What a report says about a PlayerError (SPEC.md section 1): the error table's code, category
 * and severity, the id the viewer saw on the card ('Идентификатор ошибки'), the error's detail,
 * and for an HTTP failure the response body.
 */
import type { CaptureContext, SeverityLevel } from '@sentry/browser';
import { RequestError } from '../api/request-error.ts';
import type { PlayerError } from '../contract/errors/player-error.ts';

/** How much of a failed response's body a report carries: enough for an API's error message, never a whole page. */
export const REPORTED_BODY_CHARS = 4096;

/** The tags a report is searched by, the contexts it is read with. */
export function reportContext(error: PlayerError, project: string): CaptureContext {
  const level: SeverityLevel = error.severity === 'fatal' ? 'fatal' : 'error';
  const contexts: Record<string, Record<string, unknown>> = {
    player_error: { id: error.id, category: error.category, code: error.code, severity: error.severity, message: error.message, detail: error.detail },
  };
  if (error instanceof RequestError) {
    contexts.response = { url: error.url, status_code: error.status, body: truncated(error.body) };
  }
  return {
    level,
    tags: { project, error_id: error.id, error_code: String(error.code), error_category: error.category },
    contexts,
  };
}

function truncated(body: string): string {
  return body.length <= REPORTED_BODY_CHARS ? body : `${body.slice(0, REPORTED_BODY_CHARS)}… (${body.length} characters)`;
}
