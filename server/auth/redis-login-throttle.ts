import type { Redis } from 'ioredis';
import {
  ADDRESS_FAILURE_FACTOR, FIRST_LOCKOUT_SECONDS, LONGEST_LOCKOUT_SECONDS, LoginThrottle, QUIET_MS, type PasswordThrottle,
} from './account-throttle.ts';

export interface RedisLoginThrottleOptions {
  /** The commands connection (enableOfflineQueue off, so a command fails at once while Redis is away). */
  redis: Redis;
  /** REDIS_PREFIX; the throttle's keys follow it with `login-throttle:`. */
  prefix: string;
  /** Failures per (account, address) before the lockout (AUTH_ACCOUNT_FAILURE_LIMIT). */
  limit: number;
  log: { info(message: string): void; warn(message: string): void };
  now?: () => number;
}

/**
 * One failure, counted on the pair's and the address's counters in one step, so failures that
 * several processes record at the same moment are all counted. Each counter is a hash
 * (failures, lastFailure, lockedUntil, in ms) that expires once it has gone quiet: the same rule
 * as the memory throttle's, checked here too, since the caller's clock decides. The account's
 * set names its pair counters, so a restore clears them without scanning the keyspace.
 *
 * KEYS: pair counter, address counter, the account's set.
 * ARGV: now, pair limit, address limit, quiet ms, first lockout s, longest lockout s.
 */
const RECORD_FAILURE = `
local now = tonumber(ARGV[1])
local quiet = tonumber(ARGV[4])
local function fail(key, limit)
  local stored = redis.call('HMGET', key, 'failures', 'lastFailure', 'lockedUntil')
  local failures = tonumber(stored[1]) or 0
  local lockedUntil = tonumber(stored[3]) or 0
  if math.max(tonumber(stored[2]) or 0, lockedUntil) + quiet <= now then
    failures = 0
    lockedUntil = 0
  end
  failures = failures + 1
  if failures >= limit then
    lockedUntil = now + math.min(tonumber(ARGV[6]), tonumber(ARGV[5]) * 2 ^ math.min(failures - limit, 16)) * 1000
  end
  redis.call('HSET', key, 'failures', failures, 'lastFailure', now, 'lockedUntil', lockedUntil)
  local ttl = math.max(now, lockedUntil) + quiet - now
  redis.call('PEXPIRE', key, ttl)
  return ttl
end
local pairTtl = fail(KEYS[1], tonumber(ARGV[2]))
fail(KEYS[2], tonumber(ARGV[3]))
redis.call('SADD', KEYS[3], KEYS[1])
if redis.call('PTTL', KEYS[3]) < pairTtl then redis.call('PEXPIRE', KEYS[3], pairTtl) end
return 1
`;

/**
 * Deletes every pair counter the account's set names, and the set, in one step: a failure
 * recorded meanwhile is either cleared or counted after. The set holds one name per address that
 * failed on the account within the quiet spell, so the work is bounded by that, not by the
 * keyspace as a SCAN would be. KEYS: the account's set.
 */
const CLEAR_ACCOUNT = `
local names = redis.call('SMEMBERS', KEYS[1])
for _, name in ipairs(names) do redis.call('DEL', name) end
redis.call('DEL', KEYS[1])
return #names
`;

/**
 * The login throttle (account-throttle.ts: same counts, same lockouts) with its counters in Redis,
 * so the limit holds per account across every server process instead of once per process.
 *
 * While Redis does not answer, each call falls back to this process's own memory throttle.
 * A login throttle must not fail open (a guesser who could make Redis slow would get unlimited
 * guesses) nor closed (a Redis outage would lock every account for everyone, the owners too);
 * counting per process keeps the limit, only multiplied by the number of processes, for the
 * outage's length. A lockout the memory throttle set stays in force after Redis is back (the
 * longer wait of the two is asked), so an outage never shortens one. A restore clears this
 * process's memory and Redis; another process's memory lockouts from an outage run their course.
 */
export class RedisLoginThrottle implements PasswordThrottle {
  readonly #redis: Redis;
  readonly #keys: string;
  readonly #limit: number;
  readonly #log: RedisLoginThrottleOptions['log'];
  readonly #now: () => number;
  readonly #local: LoginThrottle;
  #answering = true;

  constructor(options: RedisLoginThrottleOptions) {
    this.#redis = options.redis;
    this.#keys = `${options.prefix}login-throttle:`;
    this.#limit = options.limit;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#local = new LoginThrottle(options.limit, this.#now);
  }

  async retryAfterSeconds(account: string, address: string): Promise<number> {
    const local = this.#local.retryAfterSeconds(account, address);
    try {
      const counters = await Promise.all([this.#pairKey(account, address), this.#addressKey(address)].map(
        (key) => this.#redis.hmget(key, 'lastFailure', 'lockedUntil'),
      ));
      this.#answered();
      const now = this.#now();
      let until = 0;
      for (const [lastFailure, lockedUntil] of counters) {
        const last = Number(lastFailure ?? 0);
        const locked = Number(lockedUntil ?? 0);
        // Forgotten after a quiet spell, as in memory: Redis's own expiry runs on its clock, this on ours.
        if (Math.max(last, locked) + QUIET_MS > now) until = Math.max(until, locked);
      }
      return Math.max(local, until > now ? Math.ceil((until - now) / 1000) : 0);
    } catch (error) {
      this.#unanswered(error);
      return local;
    }
  }

  async recordFailure(account: string, address: string): Promise<void> {
    try {
      await this.#redis.eval(
        RECORD_FAILURE, 3, this.#pairKey(account, address), this.#addressKey(address), this.#accountKey(account),
        this.#now(), this.#limit, this.#limit * ADDRESS_FAILURE_FACTOR, QUIET_MS, FIRST_LOCKOUT_SECONDS, LONGEST_LOCKOUT_SECONDS,
      );
      this.#answered();
    } catch (error) {
      this.#unanswered(error);
      this.#local.recordFailure(account, address);
    }
  }

  async succeeded(account: string, address: string): Promise<void> {
    this.#local.succeeded(account, address);
    const pair = this.#pairKey(account, address);
    try {
      await Promise.all([this.#redis.del(pair), this.#redis.srem(this.#accountKey(account), pair)]);
      this.#answered();
    } catch (error) {
      this.#unanswered(error);
    }
  }

  /**
   * Not thrown when Redis is away: the password it follows is already changed, and the owner can
   * still log in from any address that did not fail; the pairs' lockouts run their course.
   */
  async clearAccount(account: string): Promise<void> {
    this.#local.clearAccount(account);
    try {
      await this.#redis.eval(CLEAR_ACCOUNT, 1, this.#accountKey(account));
      this.#answered();
    } catch (error) {
      this.#unanswered(error);
    }
  }

  // Parts are URI-encoded so an account or an address (IPv6 has colons) never runs into the next.
  #pairKey(account: string, address: string): string {
    return `${this.#keys}pair:${encodeURIComponent(account)}:${encodeURIComponent(address)}`;
  }

  #addressKey(address: string): string {
    return `${this.#keys}address:${encodeURIComponent(address)}`;
  }

  #accountKey(account: string): string {
    return `${this.#keys}account:${encodeURIComponent(account)}`;
  }

  /** One line when Redis stops answering and one when it is back, not one per login. */
  #unanswered(error: unknown): void {
    if (!this.#answering) return;
    this.#answering = false;
    this.#log.warn(`login throttle: Redis did not answer (${error instanceof Error ? error.message : String(error)}); counting failed logins in this process's memory until it does`);
  }

  #answered(): void {
    if (this.#answering) return;
    this.#answering = true;
    this.#log.info('login throttle: Redis answers again; failed logins are counted there');
  }
}
