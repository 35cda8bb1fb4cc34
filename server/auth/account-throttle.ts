import { HttpError } from '../http/http-error.ts';

/** OWASP (Authentication Cheat Sheet): slow guessing per account, not only per address. */
const WINDOW_MS = 15 * 60 * 1000;
/** Bounded memory: past this many accounts, the oldest counters are forgotten. */
const MAX_ACCOUNTS = 50_000;

/**
 * Failed password checks per account (login and password change) in a sliding 15-minute window,
 * in this process's memory. Past the limit the account answers 429 until its oldest failure
 * leaves the window; a success clears it. Keys need not be accounts that exist.
 */
export class AccountThrottle {
  readonly #failures = new Map<string, number[]>();

  private readonly limit: number;
  private readonly now: () => number;

  constructor(limit: number, now: () => number = Date.now) {
    this.limit = limit;
    this.now = now;
  }

  /** Seconds to wait before trying again; 0 when the account may try now. */
  retryAfterSeconds(key: string): number {
    const recent = this.#recent(key);
    if (recent.length < this.limit) return 0;
    const oldest = recent[recent.length - this.limit] ?? this.now();
    return Math.max(1, Math.ceil((oldest + WINDOW_MS - this.now()) / 1000));
  }

  recordFailure(key: string): void {
    const recent = this.#recent(key);
    recent.push(this.now());
    // Re-inserted, so the Map's order is the order of last use and the first entry the stalest.
    this.#failures.delete(key);
    this.#failures.set(key, recent.slice(-this.limit));
    if (this.#failures.size > MAX_ACCOUNTS) {
      const stalest = this.#failures.keys().next().value;
      if (stalest !== undefined) this.#failures.delete(stalest);
    }
  }

  clear(key: string): void {
    this.#failures.delete(key);
  }

  #recent(key: string): number[] {
    const since = this.now() - WINDOW_MS;
    return (this.#failures.get(key) ?? []).filter((time) => time > since);
  }
}

/** 429 with Retry-After (RFC 9110 section 10.2.3), in the usual error shape. */
export class TooManyAttemptsError extends HttpError {
  readonly headers: Record<string, string>;

  constructor(retryAfterSeconds: number) {
    super(429, `too many failed attempts for this account: try again in ${retryAfterSeconds} s`);
    this.name = 'TooManyAttemptsError';
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

export function refuseWhileThrottled(throttle: AccountThrottle, key: string): void {
  const wait = throttle.retryAfterSeconds(key);
  if (wait > 0) throw new TooManyAttemptsError(wait);
}
