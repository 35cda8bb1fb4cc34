/** The ad events analytics counts (SPEC.md section 7), reported on the player event map as 'ad'. */
export const AD_EVENT_NAMES = ['ad_init', 'ad_play', 'ad_pause', 'ad_ended', 'ad_loaded', 'ad_timeupdate', 'ad_skip_btn_click', 'ad_banner_click'] as const;
export type AdEventName = (typeof AD_EVENT_NAMES)[number];
