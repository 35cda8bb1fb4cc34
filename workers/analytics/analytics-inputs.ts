/**
 * What the view tracker (src/analytics/view-tracker.ts) takes: the player's events, already
 * stripped to the numbers analytics needs, each stamped with when it happened (`t`, ms on the
 * epoch scale from the page's monotonic clock: performance.timeOrigin + performance.now()). The
 * tracker builds every payload from these.
 */
import type { DeviceType, NetworkType } from '../../src/contract/schemas/analytics-schema.ts';

/** What the payload says about the content and the viewer (SPEC.md section 7); set per view. */
export interface ViewContext {
  video_id: number;
  video_title: string;
  video_category: string;
  video_thumbnail: string;
  ratings: { kinopoisk: number | null; imdb: number | null };
  kinopoisk_id: number | null;
  IMDb_id: string | null;
  year: number | null;
  countries: string[];
  season: number | null;
  episode: number | null;
  language: string | null;
  user_id: string | null;
  isTrailer: boolean;
  device_type: DeviceType;
}

export type AdBreak = 'preroll' | 'midroll';

/**
 * `key` names an input the page's entry recorded before analytics loaded (src/analytics): the
 * events made from it get ids derived from it, so the entry's own beacon at a page hide
 * (early-events.ts) and this tracker, making the same event later, give it the same id, and the
 * collector stores it once.
 */
export type AnalyticsInput = { t: number; key?: string | undefined } & (
  /** An episode (or film) opened: a new view, unless it is the one already on screen. */
  | { type: 'view'; episodeId: number; context: ViewContext }
  /** The same view's context changed (a voice-over, the language). */
  | { type: 'context'; context: Partial<ViewContext> }
  | { type: 'play-requested' }
  /** An ad break began or ended: its time is never content start-up or rebuffering. */
  | { type: 'ad-break'; state: 'start' | 'end'; breakType: AdBreak }
  | { type: 'ad'; event: AdEvent; breakType: AdBreak; adId: string | undefined; currentTime: number; duration: number; errorCode?: number | undefined }
  /** The ads of this view so far (SPEC.md section 3, ad history item). */
  | { type: 'ad-history'; items: AdHistoryEntry[] }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'playing' }
  | { type: 'waiting'; waiting: boolean }
  | { type: 'seeking'; currentTime: number }
  | { type: 'seeked'; currentTime: number }
  | { type: 'time'; currentTime: number; duration: number }
  | { type: 'ended' }
  | { type: 'rendition'; height: number | undefined }
  /** `context`: a failure before any view opened (a content that does not exist) opens one for it. */
  | { type: 'error'; code: number | string; category: string; fatal: boolean; id: string | undefined; context?: ViewContext | undefined }
  | { type: 'muted'; muted: boolean }
  | { type: 'rate'; rate: number }
  | { type: 'network'; networkType: NetworkType }
  | { type: 'ui'; action: 'popup_open'; popup: Popup }
  | { type: 'ui'; action: 'airplay_icon_click' }
  /** The intro was skipped to its end; `auto`: without a click. */
  | { type: 'intro-skip'; auto: boolean }
  /** Playing reached the episode's credits: the view counts as completed from here. */
  | { type: 'credits-start' }
  /** The data saver turned on or off (or was on when a view opened), and who turned it. */
  | { type: 'data-saver'; on: boolean; reason: 'viewer' | 'save-data' | 'network' | 'host' }
  /** The page is hidden or going away: the view's summary so far (view_end) goes out now. */
  | { type: 'hide' }
);

export type AdEvent =
  | 'ad_init' | 'ad_play' | 'ad_pause' | 'ad_ended' | 'ad_loaded' | 'ad_timeupdate' | 'ad_skip_btn_click' | 'ad_banner_click'
  | 'ad_break_request' | 'ad_error';
export type Popup = 'settings' | 'episodes' | 'variants' | 'subtitles' | 'share';

export interface AdHistoryEntry {
  id: string;
  type: AdBreak;
  position: number;
  duration: number;
  perc: number;
}
