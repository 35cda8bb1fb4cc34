/**
 * Worker APIs return Result values instead of throwing: an Error subclass loses its fields and
 * identity crossing postMessage (ARCHITECTURE.md rule 5). The error side is plain data.
 */
export interface SerializedError {
  /** Which part failed: 'network', 'manifest', 'media', 'thumbnails', … */
  category: string;
  /** A stable numeric code (SPEC.md section 8 codes where one applies). */
  code: number;
  /** 'recoverable' may be retried or worked around; 'fatal' ends what was asked. */
  severity: 'recoverable' | 'fatal';
  /** English, for logs and error reports; viewers see texts chosen by code. */
  message: string;
  /** Structured-clone-safe facts: URL, status, line number, … */
  detail?: Record<string, string | number | boolean | null>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: SerializedError): Result<T> {
  return { ok: false, error };
}
