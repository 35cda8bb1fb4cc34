/**
 * The one error type of the player (ARCHITECTURE.md rule 5): category, numeric code, severity,
 * typed detail, and the id a viewer can quote. Every failure is one of these, so a viewer's
 * message (src/app/app-errors.ts), the log line and the error report (src/telemetry) all read the same
 * fields. Codes, and which category takes which, are in error-codes.ts. It lives in the contract, below
 * the core, the engines, the API client and the workers, so each of them imports it without
 * importing the others.
 */
import { PLAYER_ERROR_CODES, type PlayerErrorCategory, type PlayerErrorCodes } from './error-codes.ts';
import { randomUuid } from '../random-id.ts';

export { PLAYER_ERROR_CODES, type PlayerErrorCategory, type PlayerErrorCode, type PlayerErrorCodes, type PlayerErrorKind } from './error-codes.ts';

export type PlayerErrorSeverity = 'recoverable' | 'fatal';
export type PlayerErrorDetail = Record<string, string | number | boolean | null>;

/** The short id a viewer can quote to support (SPEC.md section 8: 'Идентификатор ошибки'). */
export function newErrorId(): string {
  return randomUuid().slice(0, 8);
}

/** `C`, the category, fixes which codes the error may carry (PlayerErrorCodes). */
export class PlayerError<C extends PlayerErrorCategory = PlayerErrorCategory> extends Error {
  readonly category: C;
  readonly code: PlayerErrorCodes[C];
  readonly severity: PlayerErrorSeverity;
  readonly detail: PlayerErrorDetail;
  /** Shown to the viewer with the generic message and logged with the error: the two match. */
  readonly id: string;

  constructor(category: C, code: PlayerErrorCodes[C], severity: PlayerErrorSeverity, message: string, detail: PlayerErrorDetail = {}) {
    super(message);
    this.name = 'PlayerError';
    this.category = category;
    this.code = code;
    this.severity = severity;
    this.detail = detail;
    this.id = newErrorId();
  }
}

/** Any failure as a PlayerError (engines and libraries may throw plain errors). */
export function asPlayerError(error: unknown): PlayerError {
  if (error instanceof PlayerError) return error;
  return new PlayerError('engine', PLAYER_ERROR_CODES.RESOURCE, 'fatal', error instanceof Error ? error.message : String(error));
}

/**
 * A failure that is logged only (storage, share, audio processing) or caught where it happened (a
 * listener's bug): recoverable, with the cause's name and message.
 */
export function describeFailure<C extends 'storage' | 'share' | 'audio' | 'internal'>(category: C, code: PlayerErrorCodes[C], message: string, cause: unknown): PlayerError<C> {
  const detail: PlayerErrorDetail = cause instanceof Error ? { cause: cause.name, reason: cause.message } : { reason: String(cause) };
  return new PlayerError(category, code, 'recoverable', message, detail);
}

/**
 * The failures SPEC.md section 8 says are "logged only" (storage, share, audio processing), and
 * anything recoverable: they are warnings in the log and never leave the frame as a report.
 */
export function isLoggedOnly(error: PlayerError): boolean {
  return error.severity === 'recoverable' || error.category === 'storage' || error.category === 'share' || error.category === 'audio';
}

const logged = new WeakSet<PlayerError>();

/** Logs an error once, with its id (the one the viewer sees); the logged-only ones as warnings. */
export function logPlayerError(error: PlayerError, log: Pick<Console, 'error' | 'warn'> = console): void {
  if (logged.has(error)) return;
  logged.add(error);
  (isLoggedOnly(error) ? log.warn : log.error)(`player error ${error.id} [${error.category} ${error.code}] ${error.message}`, error.detail);
}
