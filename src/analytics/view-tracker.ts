/**
 * One frame load's views, event by event: which analytics events the player's inputs make, the
 * payload each carries (SPEC.md section 7), the throttles and milestones (section 9), and the
 * quality of experience by Mux's definitions (design/REFERENCES.md): start-up time from the play
 * request to the first frame with the playhead moving, stalls of 250 ms or more, seek latency,
 * exits before start, the time-weighted rendition. Ad time never counts as content time: an ad
 * break's span is taken out of start-up, and the film's events inside a break are not the viewer's.
 * Pure: no timers, no I/O; the time comes with each input. It runs on the page's thread (the
 * analytics chunk): a page going away gets its view's end at once, with no worker to wait for.
 */
import { PROGRESS_MILESTONES, keyedEventId, type AnalyticsEventName, type NetworkType } from '../contract/schemas/analytics-constants.ts';
import type { AnalyticsDetail, AnalyticsEvent, AnalyticsPayload } from '../contract/schemas/analytics-schema.ts';
import type { AdBreak, AdHistoryEntry, AnalyticsInput, ViewContext } from '../../workers/analytics/analytics-inputs.ts';
import { randomUuid } from '../contract/random-id.ts';

/** The element reports a wait only after 300 ms (src/core/events.ts): the stall began that much earlier. */
export const WAITING_REPORT_DELAY_MS = 300;
/** Mux ignores stalls shorter than this. */
export const MIN_REBUFFER_MS = 250;
/** A time update every 60 s of playing (SPEC.md section 9). */
export const TIME_UPDATE_EVERY_MS = 60_000;
/** ad_timeupdate at most once a second (SPEC.md section 9). */
export const AD_TIME_UPDATE_MS = 1000;
/** Seeks closer together than this are one seek (a scrub), as Mux merges them. */
export const SEEK_MERGE_MS = 2000;
/** The episode of a view opened by its failure: none was known. */
const FAILED_VIEW_EPISODE = -1;
/**
 * The element says timeupdate at least this often while its playhead moves (HTML: every 15 to
 * 250 ms): a playhead with no update for longer has stopped.
 */
export const TIME_UPDATE_GAP_MS = 250;
/** A jump of the playhead larger than this between two time updates is not watching. */
const MAX_WATCHED_STEP_S = 5;

interface View {
  id: string;
  episodeId: number;
  context: ViewContext;
  milestones: Set<number>;
  playRequestedAt: number | undefined;
  /** The first 'playing' of the content, waiting for the playhead to move. */
  startCandidate: { at: number; time: number } | undefined;
  started: boolean;
  /** A fatal error ended it: a view that failed before its start is a failure, not a viewer's exit. */
  failed: boolean;
  /** Ad break time before the start, taken out of start-up. */
  adMsBeforeStart: number;
  realMs: number;
  videoSec: number;
  timeUpdatesSent: number;
  rebufferCount: number;
  rebufferMs: number;
  seekCount: number;
  heightTimeMs: number;
  heightWeightedMs: number;
}

export interface ViewTracker {
  /** The events this input makes, in order (often none). */
  take(input: AnalyticsInput): AnalyticsEvent[];
}

export function createViewTracker(newId: () => string = randomUuid): ViewTracker {
  let view: View | undefined;
  // What plays now: shared by the views of one frame load.
  let currentTime = 0;
  let duration = 0;
  let rate = 1;
  /** Unknown until the first report, which is the starting state rather than a change. */
  let muted: boolean | undefined;
  let networkType: NetworkType = 'unknown';
  let height: number | undefined;
  let paused = true;
  /** Since when the content's frames move (undefined: they do not). */
  let playingSince: number | undefined;
  let lastTime: number | undefined;
  /** When a time update last saw the playhead move. */
  let movedAt: number | undefined;
  let adBreak: { type: AdBreak; since: number } | undefined;
  let lastAdTimeUpdate = Number.NEGATIVE_INFINITY;
  let seek: { from: number; to: number; since: number } | undefined;
  let stallSince: number | undefined;
  /**
   * The episode's ads so far (the ads module starts the list anew with each episode's preroll,
   * which may load before or after the episode's view begins here).
   */
  let adHistory: AdHistoryEntry[] = [];
  /** The input being taken: a recorded one's key names the events it makes. */
  let key: string | undefined;
  /** Failures already told: the core's fatal error and the card that shows it are one failure. */
  const errorIds = new Set<string>();

  const quality = () => (height ? `${height}p` : null);

  function payload(current: View): AnalyticsPayload {
    const { context } = current;
    return {
      video_id: context.video_id,
      video_title: context.video_title,
      duration: Number.isFinite(duration) ? duration : 0,
      player_type: 'embedded',
      video_category: context.video_category,
      video_thumbnail: context.video_thumbnail,
      ratings: context.ratings,
      kinopoisk_id: context.kinopoisk_id,
      IMDb_id: context.IMDb_id,
      year: context.year,
      countries: context.countries,
      current_time: round(currentTime),
      playback_rate: rate,
      real_time_played_sec: round(current.realMs / 1000),
      video_time_played_sec: round(current.videoSec),
      video_quality: quality(),
      season: context.season,
      episode: context.episode,
      language: context.language,
      device_type: context.device_type,
      user_id: context.user_id,
      isTrailer: context.isTrailer,
      ad_id: adHistory.map((item) => item.id),
      ad_type: adHistory.map((item) => item.type),
      ad_duration_sec: adHistory.map((item) => round(item.duration)),
      ad_position_perc: adHistory.map((item) => Math.min(100, Math.max(0, item.perc))),
      ad_position: adHistory.map((item) => round(item.position)),
    };
  }

  function make(out: AnalyticsEvent[], t: number, event: AnalyticsEventName, detail: AnalyticsDetail = {}): void {
    if (!view) return;
    const id = key === undefined ? newId() : keyedEventId(key, event, detail.milestone);
    out.push({ event_id: id, view_id: view.id, event, ts: Math.round(t), network_type: networkType, payload: payload(view), detail });
  }

  /** Counts the time the frames moved up to `t` (and the rendition on screen meanwhile). */
  function countPlaying(t: number): void {
    if (playingSince === undefined || !view) return;
    const elapsed = Math.max(0, t - playingSince);
    view.realMs += elapsed;
    if (height) {
      view.heightTimeMs += elapsed;
      view.heightWeightedMs += elapsed * height;
    }
    playingSince = t;
  }
  const stopPlaying = (t: number) => {
    countPlaying(t);
    playingSince = undefined;
  };

  function endStall(out: AnalyticsEvent[], t: number): void {
    if (stallSince === undefined || !view) return;
    const stalled = t - stallSince;
    stallSince = undefined;
    if (stalled < MIN_REBUFFER_MS) return;
    view.rebufferCount += 1;
    view.rebufferMs += stalled;
    make(out, t, 'rebuffer', { rebuffer_ms: Math.round(stalled) });
  }

  function endSeek(out: AnalyticsEvent[], t: number): void {
    if (!seek || !view) return;
    view.seekCount += 1;
    make(out, t, 'seek', { seek_from: round(seek.from), seek_to: round(seek.to), seek_latency_ms: Math.round(t - seek.since) });
    seek = undefined;
  }

  function viewEnd(out: AnalyticsEvent[], t: number): void {
    if (!view) return;
    countPlaying(t);
    make(out, t, 'view_end', {
      exit_before_start: !view.started && !view.failed && view.playRequestedAt !== undefined,
      exit_during_preroll: !view.started && !view.failed && adBreak?.type === 'preroll',
      rebuffer_count: view.rebufferCount,
      rebuffer_total_ms: Math.round(view.rebufferMs),
      seek_count: view.seekCount,
      weighted_height: view.heightTimeMs > 0 ? Math.round(view.heightWeightedMs / view.heightTimeMs) : 0,
    });
  }

  function passMilestones(out: AnalyticsEvent[], t: number, percent: number): void {
    if (!view?.started) return;
    for (const milestone of PROGRESS_MILESTONES) {
      if (percent < milestone || view.milestones.has(milestone)) continue;
      view.milestones.add(milestone);
      make(out, t, 'progress', { milestone });
    }
  }

  /** A new view (the last one ends): a recorded input's key is its id, as the entry's beacon made it. */
  function openView(out: AnalyticsEvent[], t: number, episodeId: number, context: ViewContext): void {
    viewEnd(out, t);
    view = {
      id: key ?? newId(), episodeId, context, milestones: new Set(),
      playRequestedAt: undefined, startCandidate: undefined, started: false, failed: false, adMsBeforeStart: 0,
      realMs: 0, videoSec: 0, timeUpdatesSent: 0, rebufferCount: 0, rebufferMs: 0, seekCount: 0,
      heightTimeMs: 0, heightWeightedMs: 0,
    };
    // Another episode starts from its own beginning: nothing of the last one carries over.
    currentTime = 0;
    duration = 0;
    lastTime = undefined;
    seek = undefined;
    stallSince = undefined;
    playingSince = undefined;
    paused = true;
  }

  return {
    take(input) {
      const out: AnalyticsEvent[] = [];
      const { t } = input;
      key = input.key;
      // The film's own events inside an ad break are the break's doing (a midroll pauses the
      // film), never the viewer's.
      const inBreak = adBreak !== undefined;
      switch (input.type) {
        case 'view': {
          if (view?.episodeId === input.episodeId) {
            view.context = input.context;
            break;
          }
          openView(out, t, input.episodeId, input.context);
          break;
        }
        case 'context':
          if (view) view.context = { ...view.context, ...input.context };
          break;
        case 'play-requested':
          if (view && view.playRequestedAt === undefined) view.playRequestedAt = t;
          break;
        case 'ad-break':
          if (input.state === 'start') {
            stopPlaying(t);
            adBreak = { type: input.breakType, since: t };
          } else if (adBreak) {
            if (view && !view.started) view.adMsBeforeStart += t - adBreak.since;
            adBreak = undefined;
            // A start candidate from inside the break does not count: the film starts after it.
            if (view && !view.started) view.startCandidate = undefined;
          }
          break;
        case 'ad': {
          if (input.event === 'ad_timeupdate') {
            if (t - lastAdTimeUpdate < AD_TIME_UPDATE_MS) break;
            lastAdTimeUpdate = t;
          }
          make(out, t, input.event, {
            ad_break: input.breakType,
            ...(input.adId === undefined ? {} : { ad_current_id: input.adId.slice(0, 512) }),
            ad_current_time: round(Math.max(0, input.currentTime)),
            ad_current_duration: round(Number.isFinite(input.duration) ? Math.max(0, input.duration) : 0),
            ...(input.errorCode === undefined ? {} : { ad_error_code: input.errorCode }),
          });
          break;
        }
        case 'ad-history':
          adHistory = input.items.slice(0, 100);
          break;
        case 'play':
          paused = false;
          if (view && view.playRequestedAt === undefined) view.playRequestedAt = t;
          if (!inBreak) make(out, t, 'play');
          break;
        case 'pause':
          paused = true;
          stopPlaying(t);
          endStall(out, t);
          // The pause the element reports at the end is the end, not the viewer's pause.
          if (!inBreak && !(duration > 0 && currentTime >= duration - 0.5)) make(out, t, 'pause');
          break;
        case 'playing':
          if (inBreak) break;
          paused = false;
          endSeek(out, t);
          if (playingSince === undefined) playingSince = t;
          if (view && !view.started && !view.startCandidate) view.startCandidate = { at: t, time: currentTime };
          break;
        case 'waiting':
          if (input.waiting) {
            if (!view?.started || seek || inBreak || stallSince !== undefined) break;
            // The frames stopped when the stall began, not when it was reported: those 300 ms are not
            // played. The element may say it waits well after its playhead stopped (on a busy
            // machine, by half a second): the last time update that saw it move bounds the play.
            stallSince = t - WAITING_REPORT_DELAY_MS;
            stopPlaying(Math.min(stallSince, (movedAt ?? stallSince) + TIME_UPDATE_GAP_MS));
          } else {
            endStall(out, t);
            if (!paused && !seek && !inBreak && playingSince === undefined) playingSince = t;
          }
          break;
        case 'seeking':
          stopPlaying(t);
          // A stall cut short by a seek is the seek's wait, not a rebuffer.
          stallSince = undefined;
          if (seek && t - seek.since < SEEK_MERGE_MS) seek.to = input.currentTime;
          else {
            endSeek(out, t);
            seek = { from: lastTime ?? currentTime, to: input.currentTime, since: t };
          }
          currentTime = input.currentTime;
          lastTime = input.currentTime;
          break;
        case 'seeked':
          currentTime = input.currentTime;
          lastTime = input.currentTime;
          endSeek(out, t);
          if (!paused && !inBreak) playingSince ??= t;
          break;
        case 'time': {
          if (Number.isFinite(input.duration) && input.duration > 0) duration = input.duration;
          currentTime = input.currentTime;
          if (!view || inBreak) break;
          if (!view.started && view.startCandidate && currentTime > view.startCandidate.time) {
            view.started = true;
            const requested = view.playRequestedAt ?? view.startCandidate.at;
            make(out, t, 'view_start', { startup_ms: Math.max(0, Math.round(view.startCandidate.at - requested - view.adMsBeforeStart)) });
          }
          if (playingSince !== undefined && lastTime !== undefined) {
            const step = currentTime - lastTime;
            if (step > 0 && step <= MAX_WATCHED_STEP_S * Math.max(1, rate)) view.videoSec += step;
            if (step > 0) movedAt = t;
          }
          lastTime = currentTime;
          countPlaying(t);
          if (view.started && Math.floor(view.realMs / TIME_UPDATE_EVERY_MS) > view.timeUpdatesSent) {
            view.timeUpdatesSent = Math.floor(view.realMs / TIME_UPDATE_EVERY_MS);
            make(out, t, 'timeupdate');
          }
          // 100 % is the end itself (below); the rest by the playhead's place.
          if (duration > 0) passMilestones(out, t, Math.min(99.99, (currentTime / duration) * 100));
          break;
        }
        case 'ended':
          paused = true;
          stopPlaying(t);
          if (duration > 0) currentTime = duration;
          passMilestones(out, t, 100);
          make(out, t, 'ended');
          break;
        case 'rendition': {
          if (input.height === height) break;
          countPlaying(t);
          const previous = quality();
          height = input.height;
          if (previous !== null) make(out, t, 'quality_change', { previous_quality: previous });
          break;
        }
        case 'error':
          // A failure before any view (the content does not exist, its source never loaded) is a view that failed.
          if (!view && input.context) openView(out, t, FAILED_VIEW_EPISODE, input.context);
          // The core's fatal error and the card that shows it are one failure: told once.
          if (!view || (input.id !== undefined && errorIds.has(input.id))) break;
          if (input.id !== undefined) errorIds.add(input.id);
          if (input.fatal) view.failed = true;
          make(out, t, 'error', {
            error_code: input.code,
            error_category: input.category.slice(0, 512),
            error_fatal: input.fatal,
            ...(input.id === undefined ? {} : { error_id: input.id }),
          });
          break;
        case 'muted':
          if (input.muted === muted) break;
          if (muted !== undefined) make(out, t, input.muted ? 'mute' : 'unmute');
          muted = input.muted;
          break;
        case 'rate':
          if (Number.isFinite(input.rate) && input.rate > 0) {
            countPlaying(t);
            rate = input.rate;
          }
          break;
        case 'network':
          networkType = input.networkType;
          break;
        case 'ui':
          if (input.action === 'popup_open') make(out, t, 'popup_open', { popup: input.popup });
          else make(out, t, 'airplay_icon_click');
          break;
        case 'intro-skip':
          make(out, t, 'intro_skip', { auto: input.auto });
          break;
        case 'credits-start':
          make(out, t, 'credits_start');
          // What follows is the credits: a view that got here was watched to its end.
          passMilestones(out, t, 100);
          break;
        case 'data-saver':
          make(out, t, input.on ? 'data_saver_on' : 'data_saver_off', { data_saver_reason: input.reason });
          break;
        case 'hide':
          endStall(out, t);
          viewEnd(out, t);
          break;
      }
      return out;
    },
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
