import { HttpError } from '../http/http-error.ts';

/** The first lockout, in seconds; each failure after a lockout doubles the next one. */
export const FIRST_LOCKOUT_SECONDS = 30;
/** No lockout is longer than this. */
export const LONGEST_LOCKOUT_SECONDS = 15 * 60;
/** A count is forgotten this long after its last failure or lockout ended: a quiet spell forgives. */
export const QUIET_MS = 15 * 60 * 1000;
/** One address may fail this many times the per-account limit, over all accounts, before it is locked itself. */
export const ADDRESS_FAILURE_FACTOR = 3;
/** Bounded memory: past this many counters, the stalest are forgotten. */
const MAX_COUNTERS = 100_000;

/**
 * What the password checks ask of a throttle: LoginThrottle below counts in this process's
 * memory; with REDIS_URL, redis-login-throttle.ts counts in Redis for every process at once.
 * The memory one answers at once, the Redis one later: callers await either.
 */
export interface PasswordThrottle {
  /** Seconds to wait before this address may try this account again; 0 when it may try now. */
  retryAfterSeconds(account: string, address: string): number | Promise<number>;
  recordFailure(account: string, address: string): void | Promise<void>;
  /** A correct password clears its own pair; the address's count stays. */
  succeeded(account: string, address: string): void | Promise<void>;
  /** The account's owner proved themself another way (a restore link): every address may try again. */
  clearAccount(account: string): void | Promise<void>;
}

interface Counter {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

/**
 * Failed password checks (login and password change), counted per (account, address) and per
 * address, in this process's memory (OWASP Authentication Cheat Sheet). A guesser locks only
 * itself out: its own address away from the account it tried, and, spraying many accounts, its
 * address away from all; the owner's correct password from an address that did not fail is
 * never refused. Past the limit each failure locks for a step that doubles from 30 s to at most
 * 15 minutes, instead of one long wall. Keys need not be accounts that exist.
 */
export class LoginThrottle implements PasswordThrottle {
  readonly #counters = new Map<string, Counter>();

  private readonly limit: number;
  private readonly now: () => number;

  constructor(limit: number, now: () => number = Date.now) {
    this.limit = limit;
    this.now = now;
  }

  /** Seconds to wait before this address may try this account again; 0 when it may try now. */
  retryAfterSeconds(account: string, address: string): number {
    const until = Math.max(this.#live(pairKey(account, address))?.lockedUntil ?? 0, this.#live(addressKey(address))?.lockedUntil ?? 0);
    return until > this.now() ? Math.ceil((until - this.now()) / 1000) : 0;
  }

  recordFailure(account: string, address: string): void {
    this.#fail(pairKey(account, address), this.limit);
    this.#fail(addressKey(address), this.limit * ADDRESS_FAILURE_FACTOR);
  }

  /**
   * A correct password clears its own pair; the address's count stays, or a sprayer could reset
   * it by logging in to an account of its own.
   */
  succeeded(account: string, address: string): void {
    this.#counters.delete(pairKey(account, address));
  }

  /** The account's owner proved themself another way (a restore link): every address may try again. */
  clearAccount(account: string): void {
    const prefix = pairKey(account, '');
    for (const key of this.#counters.keys()) if (key.startsWith(prefix)) this.#counters.delete(key);
  }

  #fail(key: string, limit: number): void {
    const now = this.now();
    const counter = this.#live(key) ?? { failures: 0, lastFailure: now, lockedUntil: 0 };
    counter.failures += 1;
    counter.lastFailure = now;
    if (counter.failures >= limit) counter.lockedUntil = now + lockoutSeconds(counter.failures, limit) * 1000;
    // Re-inserted, so the Map's order is the order of last use and the first entry the stalest.
    this.#counters.delete(key);
    this.#counters.set(key, counter);
    if (this.#counters.size > MAX_COUNTERS) {
      const stalest = this.#counters.keys().next().value;
      if (stalest !== undefined) this.#counters.delete(stalest);
    }
  }

  /** The key's counter unless it has gone quiet long enough to be forgotten. */
  #live(key: string): Counter | undefined {
    const counter = this.#counters.get(key);
    if (counter && Math.max(counter.lastFailure, counter.lockedUntil) + QUIET_MS <= this.now()) {
      this.#counters.delete(key);
      return undefined;
    }
    return counter;
  }
}

/** The lockout after `failures` failures against a limit of `limit` (at least the limit). */
export function lockoutSeconds(failures: number, limit: number): number {
  return Math.min(LONGEST_LOCKOUT_SECONDS, FIRST_LOCKOUT_SECONDS * 2 ** Math.min(failures - limit, 16));
}

function pairKey(account: string, address: string): string {
  return `account\u0000${account}\u0000${address}`;
}

function addressKey(address: string): string {
  return `address\u0000${address}`;
}

/** 429 with Retry-After (RFC 9110 section 10.2.3), in the usual error shape. */
export class TooManyAttemptsError extends HttpError {
  readonly headers: Record<string, string>;

  constructor(retryAfterSeconds: number) {
    super(429, `too many failed attempts: try again in ${retryAfterSeconds} s`);
    this.name = 'TooManyAttemptsError';
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

export async function refuseWhileThrottled(throttle: PasswordThrottle, account: string, address: string): Promise<void> {
  const wait = await throttle.retryAfterSeconds(account, address);
  if (wait > 0) throw new TooManyAttemptsError(wait);
}
