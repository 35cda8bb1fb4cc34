/**
 * Retry decisions for a RequestPolicy (request-policies.ts): the one retry-delay code of the player,
 * used by the request engine and by the analytics queue, which retries a batch across loads. `attempt` always counts the attempt that
 * just failed, from 1. The caller owns the timer and the AbortSignal; these are pure functions.
 */
import type { RequestPolicy } from './request-policies.ts';

/**
 * Delays are spread by ±50 % (Shaka's fuzz factor) so that clients failing together — a CDN
 * hiccup during a premiere — do not all come back at the same moment.
 */
export const FUZZ_FACTOR = 0.5;

export type RequestFailure =
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'network' }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'aborted' };

/**
 * Milliseconds to wait after failed attempt number `attempt` (1 = the first attempt failed).
 * Exponential: retryDelayMs × 2^(attempt − 1); linear: retryDelayMs × attempt. The un-fuzzed
 * delay is capped at maxRetryDelayMs before the fuzz, so that clients at the cap still spread out:
 * the result lies within ±FUZZ_FACTOR of the capped delay. `random` returns [0, 1), as
 * Math.random does; tests pass a fixed one.
 */
export function retryDelay(
  policy: Pick<RequestPolicy, 'retryDelayMs' | 'maxRetryDelayMs' | 'backoff'>,
  attempt: number,
  random: () => number = Math.random,
): number {
  const step = Math.max(1, Math.floor(attempt));
  const growth = policy.backoff === 'exponential' ? 2 ** (step - 1) : step;
  const delay = Math.min(policy.retryDelayMs * growth, policy.maxRetryDelayMs);
  const fuzz = (random() * 2 - 1) * FUZZ_FACTOR;
  return Math.max(0, Math.round(delay * (1 + fuzz)));
}

/**
 * Whether a failure of this kind may pass if the request is sent again: a passing condition (a
 * status the policy lists, or any but the ones it lists as refusals; a network failure, a timeout) rather
 * than a request that is itself wrong. An abort is the caller's own decision (a seek, a level
 * switch, destroy()) and never passes.
 */
export function isRetryable(retryOn: RequestPolicy['retryOn'], failure: RequestFailure): boolean {
  switch (failure.kind) {
    case 'status':
      return retryOn.statuses.includes(failure.status) !== Boolean(retryOn.allStatusesBut);
    case 'network':
      return retryOn.networkErrors;
    case 'timeout':
      return retryOn.timeouts;
    case 'aborted':
      return false;
  }
}

/** Whether to try again after failed attempt number `attempt`: only while attempts remain and the failure is retryable. */
export function shouldRetry(
  policy: Pick<RequestPolicy, 'maxAttempts' | 'retryOn'>,
  attempt: number,
  failure: RequestFailure,
): boolean {
  return attempt < policy.maxAttempts && isRetryable(policy.retryOn, failure);
}
