/**
 * The ad events analytics counts (SPEC.md section 7), reported on the player event map as 'ad'.
 * Beyond the spec's list: ad_break_request, when a break with ads to ask for is asked for (the
 * play request with the preroll pending, the film at the midroll), as ad_init is sent when the
 * break is only set up and its list fetched ahead of time; and ad_error, an ad or its VAST failed.
 */
export const AD_EVENT_NAMES = [
  'ad_init', 'ad_play', 'ad_pause', 'ad_ended', 'ad_loaded', 'ad_timeupdate', 'ad_skip_btn_click', 'ad_banner_click', 'ad_break_request', 'ad_error',
] as const;
export type AdEventName = (typeof AD_EVENT_NAMES)[number];
