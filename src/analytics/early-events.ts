import { keyedEventId, type AnalyticsEventName, type NetworkType } from '../contract/schemas/analytics-constants.ts';
import type { AnalyticsDetail, AnalyticsEvent } from '../contract/schemas/analytics-schema.ts';
import type { AdHistoryEntry, ViewContext } from '../../workers/analytics/analytics-inputs.ts';
import { WAITING_DELAY_MS, type PlayerEventMap } from '../core/events.ts';
import type { PlayerError } from '../contract/errors/player-error.ts';
import type { RecordedEvent } from './recorded-events.ts';

/** What the page knows at the hide that no recorded event says. */
export interface EarlyMoment {
  networkType: NetworkType;
  rate: number;
  ads: readonly AdHistoryEntry[];
  /** The context of a recorded view (or of a failure without one). */
  contextOf(note: RecordedEvent): ViewContext;
}

/** ad_timeupdate at most once a second, as the tracker throttles it. */
const AD_TIME_UPDATE_MS = 1000;
const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The events of what the entry recorded, for its own beacon when the page hides before the
 * analytics chunk took over: the view, its plays and pauses, its start (start-up as the tracker
 * measures it: ads taken out), its ads, its failures and its end so far. Each is the event
 * view-tracker.ts makes of the same recorded input, under the same id
 * (keyedEventId), so a tracker that later takes these inputs over adds nothing twice. The finer
 * ones (seeks, stalls, quality changes, milestones, mute, menus) are left to the tracker, and the
 * time played is counted more simply: from each 'playing' to the next stop. Pure.
 */
export function earlyEvents(notes: readonly RecordedEvent[], moment: EarlyMoment): AnalyticsEvent[] {
  const out: AnalyticsEvent[] = [];
  let view: {
    id: string; episodeId: number; context: ViewContext; requested?: number; candidate?: { at: number; time: number };
    started?: boolean; failed?: boolean; adMs: number; realMs: number; videoSec: number;
  } | undefined;
  let time = 0;
  let duration = 0;
  let height: number | undefined;
  let playingSince: number | undefined;
  let adBreak: { type: 'preroll' | 'midroll'; since: number } | undefined;
  let lastAdUpdate = Number.NEGATIVE_INFINITY;
  const errors = new Set<string>();

  const countPlaying = (t: number) => {
    if (playingSince === undefined || !view) return;
    view.realMs += Math.max(0, t - playingSince);
    playingSince = t;
  };
  const stop = (t: number) => {
    countPlaying(t);
    playingSince = undefined;
  };
  const make = (note: RecordedEvent, event: AnalyticsEventName, detail: AnalyticsDetail = {}) => {
    if (!view) return;
    const { ads } = moment;
    out.push({
      event_id: keyedEventId(note.key, event),
      view_id: view.id,
      event,
      ts: Math.round(note.t),
      network_type: moment.networkType,
      payload: {
        ...view.context,
        duration,
        player_type: 'embedded',
        current_time: round(time),
        playback_rate: moment.rate,
        real_time_played_sec: round(view.realMs / 1000),
        video_time_played_sec: round(view.videoSec),
        video_quality: height ? `${height}p` : null,
        ad_id: ads.map((item) => item.id),
        ad_type: ads.map((item) => item.type),
        ad_duration_sec: ads.map((item) => round(item.duration)),
        ad_position_perc: ads.map((item) => Math.min(100, Math.max(0, item.perc))),
        ad_position: ads.map((item) => round(item.position)),
      },
      detail,
    });
  };
  const end = (note: RecordedEvent) => {
    if (!view) return;
    countPlaying(note.t);
    make(note, 'view_end', {
      exit_before_start: !view.started && !view.failed && view.requested !== undefined,
      exit_during_preroll: !view.started && !view.failed && adBreak?.type === 'preroll',
      rebuffer_count: 0,
      rebuffer_total_ms: 0,
      seek_count: 0,
      weighted_height: view.realMs > 0 ? height ?? 0 : 0,
    });
  };
  const open = (note: RecordedEvent, episodeId: number) => {
    end(note);
    view = { id: note.key, episodeId, context: moment.contextOf(note), adMs: 0, realMs: 0, videoSec: 0 };
    time = duration = 0;
    playingSince = undefined;
  };

  for (const note of notes) {
    const { t } = note;
    const inBreak = adBreak !== undefined;
    const payload = note.payload as never;
    switch (note.name) {
      case 'episode': {
        const { episodeId } = payload as PlayerEventMap['episode'];
        if (view?.episodeId === episodeId) view.context = moment.contextOf(note);
        else open(note, episodeId);
        break;
      }
      case 'play-requested':
        if (view) view.requested ??= t;
        break;
      case 'play':
        if (view) view.requested ??= t;
        if (!inBreak) make(note, 'play');
        break;
      case 'playing':
        // The element says 'playing' again after each stall and seek: the frames move from here.
        if (inBreak) break;
        playingSince ??= t;
        if (view && !view.started) view.candidate ??= { at: t, time };
        break;
      case 'pause':
        stop(t);
        if (!inBreak && !(duration > 0 && time >= duration - 0.5)) make(note, 'pause');
        break;
      case 'waiting':
        // A stall stops the count until the frames move again, from when it began (reported 300 ms later).
        if ((payload as PlayerEventMap['waiting']).waiting && view?.started && !inBreak) stop(t - WAITING_DELAY_MS);
        break;
      case 'seeking':
      case 'ended':
        stop(t);
        break;
      case 'content-time': {
        const update = payload as PlayerEventMap['content-time'];
        if (update.duration > 0 && update.duration < Infinity) duration = update.duration;
        const step = update.currentTime - time;
        time = update.currentTime;
        if (!view || inBreak) break;
        if (!view.started && view.candidate && time > view.candidate.time) {
          view.started = true;
          make(note, 'view_start', { startup_ms: Math.max(0, Math.round(view.candidate.at - (view.requested ?? view.candidate.at) - view.adMs)) });
        }
        if (playingSince !== undefined && step > 0 && step <= 5 * Math.max(1, moment.rate)) view.videoSec += step;
        countPlaying(t);
        break;
      }
      case 'rendition':
        height = (payload as PlayerEventMap['rendition']).height;
        break;
      case 'ad-break': {
        const { state, breakType } = payload as PlayerEventMap['ad-break'];
        if (state === 'start') {
          stop(t);
          adBreak = { type: breakType, since: t };
        } else if (adBreak) {
          if (view && !view.started) {
            view.adMs += t - adBreak.since;
            view.candidate = undefined;
          }
          adBreak = undefined;
        }
        break;
      }
      case 'ad': {
        const ad = payload as PlayerEventMap['ad'];
        if (ad.event === 'ad_timeupdate') {
          if (t - lastAdUpdate < AD_TIME_UPDATE_MS) break;
          lastAdUpdate = t;
        }
        make(note, ad.event, {
          ad_break: ad.breakType,
          ...(ad.adId === undefined ? {} : { ad_current_id: ad.adId.slice(0, 512) }),
          ad_current_time: round(Math.max(0, ad.currentTime)),
          ad_current_duration: round(ad.duration < Infinity ? Math.max(0, ad.duration) : 0),
        });
        break;
      }
      case 'error':
      case 'failed': {
        const { error } = payload as { error: PlayerError };
        // The card's failure opens the view a failure before any view belongs to.
        if (!view && note.name === 'failed') open(note, -1);
        if (!view || errors.has(error.id)) break;
        errors.add(error.id);
        if (error.severity === 'fatal') view.failed = true;
        make(note, 'error', { error_code: error.code, error_category: error.category, error_fatal: error.severity === 'fatal', error_id: error.id });
        break;
      }
      case 'hide':
        end(note);
        break;
    }
  }
  return out;
}
