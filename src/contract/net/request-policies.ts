/**
 * Retry and timeout policy per request kind, as data (ARCHITECTURE.md rule 6; the shape follows
 * hls.js's LoadPolicy). backoff.ts turns a policy into decisions.
 *
 * The values are for video on demand on phones: cellular radios take 1–2 s to wake from idle and
 * hand-overs drop connections for a moment, so time to first byte is generous and the first retry
 * comes soon; a VOD buffer covers several seconds, so segment fetches keep trying rather than end
 * playback; what only decorates playback (thumbnails) gives up early to leave the link to video.
 */

export type BackoffKind = 'exponential' | 'linear';

/** Which failures are worth another attempt. */
export interface RetryOn {
  /** HTTP statuses that may succeed on retry (with `allStatusesBut`: the ones that cannot). */
  readonly statuses: readonly number[];
  /** Every status is worth another attempt but those in `statuses`: a collector that refuses only a malformed batch. */
  readonly allStatusesBut?: true;
  /** Connection failures (no response at all: DNS, reset, offline). */
  readonly networkErrors: boolean;
  /** timeToFirstByteMs or maxLoadTimeMs ran out. */
  readonly timeouts: boolean;
}

export interface RequestPolicy {
  /** Attempts in all, the first one included (1 = never retry). */
  readonly maxAttempts: number;
  /** Abort when no byte arrived this long after the request was sent. */
  readonly timeToFirstByteMs: number;
  /** Abort when the whole response has not arrived this long after the request was sent. */
  readonly maxLoadTimeMs: number;
  /** Delay before the first retry; later ones grow per `backoff`, all fuzzed ±50 %. */
  readonly retryDelayMs: number;
  /** The un-fuzzed delay never grows past this. */
  readonly maxRetryDelayMs: number;
  readonly backoff: BackoffKind;
  readonly retryOn: RetryOn;
}

/**
 * Statuses that describe a passing condition: 408 Request Timeout, 429 Too Many Requests, and the
 * server errors of overloaded or restarting origins and CDNs (500, 502, 503, 504, and the 52x that
 * CDNs such as Cloudflare send when the origin does not answer). Other 4xx mean the request itself
 * is wrong (403 expired token, 404 missing) and repeating it cannot help; 501 and 505 are
 * permanent too.
 */
export const RETRYABLE_STATUSES: readonly number[] = [408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524];

const RETRY_ALL: RetryOn = { statuses: RETRYABLE_STATUSES, networkErrors: true, timeouts: true };

/** Small files nothing plays without (playlists, init segments): quick retries, 0.5, 1, 2 s. */
const BLOCKING_FIRST_FRAME = {
  maxAttempts: 4,
  timeToFirstByteMs: 8_000,
  maxLoadTimeMs: 15_000,
  retryDelayMs: 500,
  maxRetryDelayMs: 4_000,
  backoff: 'exponential',
  retryOn: RETRY_ALL,
} as const satisfies RequestPolicy;

/** A catalogue call: one attempt, no timer (see `catalogue` below). */
const CATALOGUE_CALL = {
  maxAttempts: 1,
  timeToFirstByteMs: Number.POSITIVE_INFINITY,
  maxLoadTimeMs: Number.POSITIVE_INFINITY,
  retryDelayMs: 500,
  maxRetryDelayMs: 2_000,
  backoff: 'exponential',
  retryOn: { statuses: RETRYABLE_STATUSES, networkErrors: true, timeouts: false },
} as const satisfies RequestPolicy;

/**
 * One quick try and no retry: what only helps (a media probe) or is someone else's (the ad
 * server, which the film must not wait on).
 */
const ONE_TRY_5_S = {
  maxAttempts: 1,
  timeToFirstByteMs: 5_000,
  maxLoadTimeMs: 5_000,
  retryDelayMs: 500,
  maxRetryDelayMs: 500,
  backoff: 'linear',
  retryOn: { statuses: [], networkErrors: true, timeouts: false },
} as const satisfies RequestPolicy;

export const REQUEST_POLICIES = {
  /**
   * Master and media playlists: small, and nothing plays without them. Quick retries (0.5, 1, 2 s)
   * ride out a hand-over; four attempts give up after about 3.5 s of waiting plus the attempts.
   */
  playlist: BLOCKING_FIRST_FRAME,
  /**
   * Media segments: the buffer ahead pays for the wait, so six attempts with delays up to 8 s
   * (about 23 s in all) outlast a tunnel; ABR may pick a lower level between attempts. 30 s of
   * load time lets the lowest 4 s segment (about 120 kB) through on a GPRS-class link.
   */
  segment: {
    maxAttempts: 6,
    timeToFirstByteMs: 8_000,
    maxLoadTimeMs: 30_000,
    retryDelayMs: 1_000,
    maxRetryDelayMs: 8_000,
    backoff: 'exponential',
    retryOn: RETRY_ALL,
  },
  /** fMP4 init segments: a few kB that block the first frame, like playlists. */
  init: BLOCKING_FIRST_FRAME,
  /**
   * Seek-bar thumbnails (JSON, sprites, VTT): optional. One retry after about 2 s, none after a
   * timeout, which on a slow link means the bandwidth is better spent on video. Sprites can be a
   * few hundred kB, hence the load time.
   */
  thumbnails: {
    maxAttempts: 2,
    timeToFirstByteMs: 8_000,
    maxLoadTimeMs: 20_000,
    retryDelayMs: 2_000,
    maxRetryDelayMs: 2_000,
    backoff: 'linear',
    retryOn: { statuses: RETRYABLE_STATUSES, networkErrors: true, timeouts: false },
  },
  /**
   * Catalogue calls (details, seasons, episodes, availability): SPEC.md section 7 gives the HTTP
   * client no default timeout and no retries, so one attempt without a timer; a failure shows its
   * card with 'Перезагрузить страницу', which asks again. The delays are there for the day a
   * retry is wanted.
   */
  catalogue: CATALOGUE_CALL,
  /** Master manifests (JSON): like the catalogue, which serves them. */
  manifest: CATALOGUE_CALL,
  /**
   * The HEAD request that reads a source's Content-Type when its URL says nothing (SPEC.md
   * section 4): one quick try; without an answer the URL's own guess stands.
   */
  'media-probe': ONE_TRY_5_S,
  /**
   * The ad list (SPEC.md section 7): one attempt, 5 s. The whole break has its own deadline
   * (`adBreakTimeoutMs`), after which the film plays whatever the ad list is doing.
   */
  'ad-list': ONE_TRY_5_S,
  /**
   * Each VAST document, a wrapper's target included: one attempt, 5 s (Google IMA's
   * vastLoadTimeout). Running out is ad error 350, or 301 for a wrapper's target.
   */
  vast: ONE_TRY_5_S,
  /**
   * Ad tracking pixels: fire and forget (keepalive, no-cors, an opaque answer counts as sent);
   * one attempt, and the timer only frees the connection: nobody waits for them. The analytics a
   * hiding page still holds are not sent as these but with navigator.sendBeacon: they are a POST
   * with a body, and the page must know at once which events the browser took (sendBeacon answers
   * synchronously; a fetch answers after the page is gone) to leave the rest to the next load.
   */
  beacon: ONE_TRY_5_S,
  /**
   * A batch of analytics events to the collector: one attempt, 5 s, per send. The delivery queue
   * (workers/analytics/delivery-queue.ts) keeps a failed batch at the head of its queue, persisted
   * across loads, and sends it again — with what came meanwhile — after this policy's delays
   * (1, 2, 4 … 60 s), for as long as the failure is retryable: every one but a refusal of the
   * batch itself (400 malformed, 413 too large), which sending again cannot mend.
   */
  analytics: {
    maxAttempts: 1,
    timeToFirstByteMs: 5_000,
    maxLoadTimeMs: 5_000,
    retryDelayMs: 1_000,
    maxRetryDelayMs: 60_000,
    backoff: 'exponential',
    retryOn: { statuses: [400, 413], allStatusesBut: true, networkErrors: true, timeouts: true },
  },
  /**
   * POST /authentication/refresh (SPEC.md sections 6 and 7): like the catalogue, one attempt
   * without a timer; a failed refresh sends the waiting calls with the old token.
   */
  'auth-refresh': CATALOGUE_CALL,
} as const satisfies Record<string, RequestPolicy>;

/**
 * The ad's media file must be ready to play within this long, or the ad fails with code 402
 * (Google IMA's loadVideoTimeout). It is the ad player's element that loads it, not a fetch.
 */
export const AD_MEDIA_TIMEOUT_MS = 8_000;

export type RequestKind = keyof typeof REQUEST_POLICIES;
