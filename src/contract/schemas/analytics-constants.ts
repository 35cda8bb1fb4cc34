/**
 * The analytics schema's names and limits without zod: the worker and the page import these,
 * the collector validates with analytics-schema.ts, which re-exports them.
 */

/**
 * Every event name, sent to the page's stat function as `videoplayer_${name}` (SPEC.md section 7).
 * Beyond the spec's list: `view_start` (the first frame with the playhead moving, with the start-up
 * time), `rebuffer` (a stall of 250 ms or more, sent when it ends), `view_end` (the view's summary,
 * on hide or on leaving the episode), `timeupdate` (every 60 s of playing), `unmute`,
 * `ad_break_request` (a break with ads to ask for was asked for: the play request with a preroll
 * pending, or the film reaching the midroll; `ad_init` is only the break set up, its ad list
 * fetched ahead of time), `ad_error` (an ad or its VAST failed, with the VAST error code),
 * `intro_skip` (the intro skipped to its end; `auto`: by the viewer's 'always skip' choice, not a
 * click), `credits_start` (playing reached the credits; the view counts as completed then: its
 * 100 % milestone is passed there, not at the last frame), and `data_saver_on` /
 * `data_saver_off` (the data saver changed, with `data_saver_reason`; a view that opens with the
 * saver on starts with `data_saver_on`).
 */
export const ANALYTICS_EVENT_NAMES = [
  'ad_init', 'ad_play', 'ad_pause', 'ad_ended', 'ad_loaded', 'ad_timeupdate', 'ad_skip_btn_click', 'ad_banner_click',
  'ad_break_request', 'ad_error',
  'airplay_icon_click', 'popup_open', 'data_saver_on', 'data_saver_off',
  'view_start', 'play', 'pause', 'seek', 'mute', 'unmute', 'progress', 'timeupdate', 'quality_change', 'rebuffer', 'ended', 'error', 'view_end',
  'intro_skip', 'credits_start',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** Progress milestones, percent of the episode (SPEC.md section 9), each once per episode view. */
export const PROGRESS_MILESTONES = [10, 25, 50, 75, 95, 100] as const;

/** Network classes (SPEC.md section 9), measured from the engine's own downloads. */
export const NETWORK_TYPES = ['gprs', '2g', '3g', '4g', 'wifi', 'unknown'] as const;
export type NetworkType = (typeof NETWORK_TYPES)[number];

export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Who turned the data saver on or off (data_saver_on/off's `data_saver_reason`): src/contract/data-saver.ts. */
export const DATA_SAVER_REASONS = ['viewer', 'save-data', 'network', 'host'] as const;

/** The popups a viewer can open (popup_open's `popup`). */
export const POPUPS = ['settings', 'episodes', 'variants', 'subtitles', 'share'] as const;

/** At most this many events in one batch (mux-embed sends at most 300 per beacon). */
export const MAX_BATCH_EVENTS = 300;
/** A batch sent with sendBeacon or fetch keepalive must stay under 64 kB; ours stay under 60 kB. */
export const MAX_BATCH_BYTES = 60_000;

/**
 * The id of an event made from an input the page's entry recorded (its `key`: the frame load's id
 * and the input's number): the entry's own beacon and the analytics worker's tracker, making the
 * same event, give it this same id, so the collector, which stores each id once, keeps it once.
 */
export const keyedEventId = (key: string, event: AnalyticsEventName, milestone?: number): string => `${key}-${event}${milestone ?? ''}`;
