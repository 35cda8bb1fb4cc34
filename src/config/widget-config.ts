/**
 * The widget's configuration (SPEC.md sections 1 and 2), as data. Each key says where it comes
 * from; src/config/read-widget-config.ts is the one place that reads them.
 */
export interface WidgetConfig {
  /** data-api-base-url / global apiBaseUrl: base URL of the catalogue API. */
  apiBaseUrl: string;
  /**
   * data-auth-base-url / global authBaseUrl: the authentication service (SPEC.md section 7), whose
   * refresh call renews an expired access token before a catalogue call. Default '/authenticator'.
   */
  authBaseUrl: string;
  /** data-ad-list-url / global adListUrl: the ad list (prerollList, midrollList). */
  adListUrl: string;
  /**
   * Global adBreakTimeoutMs: the whole start of an ad break (ad list, VAST chain, first ad frame)
   * must fit in this many milliseconds, or the film plays and no late ad starts. Default 8000.
   */
  adBreakTimeoutMs: number;
  /**
   * Global adMarking: the advertiser and erid token to show («Реклама», SPEC: Russian ad marking)
   * when an ad's VAST names none (its <Advertiser>, its <Extension type="erid">). Unset by default.
   */
  adMarking: { advertiser?: string; erid?: string } | undefined;
  /** data-fullscreen-mode / global fullscreenMode: 'native' or 'stretch' (the host stretches the frame). */
  fullscreenMode: 'native' | 'stretch';
  /** data-error-project / global errorProject: error-reporting project label. */
  errorProject: string;
  /**
   * data-error-dsn / global errorDsn: the error-reporting DSN. Unset: no error report leaves the
   * frame (errors are still logged).
   */
  errorDsn: string | undefined;
  /**
   * data-error-tunnel-url / global errorTunnelUrl: where reports are posted — our own origin's
   * tunnel by default, so no third-party request is made and ad blockers do not drop them.
   */
  errorTunnelUrl: string;
  /**
   * data-collector-url / global collectorUrl: the analytics collector (batches of events, POST).
   * Default the reference server's own, on the frame's origin. An empty string turns it off.
   */
  collectorUrl: string;
  /**
   * Global statFunction: the name of the frame's page-global function that receives each analytics
   * event as stat('videoplayer_' + event, payload) (SPEC.md section 1). Default 'stat'.
   */
  statFunction: string;
  /** data-lang-order, global langOrder, repeatable query lang_order: preferred languages. */
  langOrder: string[];
  /** Query movie_id (an integer), else global movieId; undefined when neither is given. */
  movieId: number | undefined;
  /**
   * The query's movie_id (or the page global's movieId) is an integer no content can have: 0, a
   * negative one, or one past the catalogue's ids. The viewer is told 'Контент не доступен', as
   * for an unknown id, never that the id is missing.
   */
  movieIdOutOfRange: boolean;
  /**
   * Query engine / global engine: play through this engine when it can ('mse', 'hls.js',
   * 'dash.js', 'native'); otherwise the usual order. For comparisons (the bench suite) and support.
   */
  engine: 'mse' | 'hls.js' | 'dash.js' | 'native' | undefined;
  /**
   * data-dash-library-url / global dashLibraryUrl: a dash.js build (UMD script) to load instead of
   * the copy we ship. Unset by default: nothing loads from a public CDN unless a host asks.
   */
  dashLibraryUrl: string | undefined;
  /**
   * data-cast-sender-url / global castSenderUrl: the Google Cast sender script. Unset by default,
   * so no third-party script loads; with it, Chrome shows the Google Cast button.
   */
  castSenderUrl: string | undefined;
  /** Query episode_id / global episodeId: open this episode (SPEC.md section 4). */
  episodeId: number | undefined;
  /** Query season / global season: open this season's episode `episode` (by season order). */
  season: number | undefined;
  /** Query episode / global episode: the episode order within `season`; 1 when only the season is given. */
  episode: number | undefined;
  /** Query episode_variant_id / global episodeVariantId: the voice-over variant to open. */
  episodeVariantId: number | undefined;
  /** Query voice_author / global voiceAuthor: the audio track to prefer when none was saved. */
  voiceAuthor: string | undefined;
  /** Query t / global timeCode: start here, seconds (SPEC.md section 5); skips the resume window. */
  timeCode: number | undefined;
  /** Query episode_time / global episodeTime: the episode's start time, seconds (SPEC.md section 5). */
  episodeTime: number | undefined;
  /**
   * Query next_episode_countdown / global nextEpisodeCountdown: whole seconds (0–60) the
   * next-episode card counts down at the end of an episode before the next one opens; 0 opens it
   * at once. Default 5.
   */
  nextEpisodeCountdown: number;
  /** Query auto_play / global autoPlay: start playing without a click where the browser allows. */
  autoPlay: boolean;
  /** Query enabled_share / global enabledShare: show 'Поделиться' (SPEC.md section 6). */
  enabledShare: boolean;
  /** Query user_id / global userId: passed on to analytics. */
  userId: string | undefined;
  /** False when the query has disable_checking_available (SPEC.md section 5). */
  checkAvailability: boolean;
  /** Query debug: the engine's statistics line (engine, rendition, buffer, bandwidth) over the video. */
  debug: boolean;
  /** Global requestHeaders: extra headers on every catalogue call (SPEC.md section 7). */
  requestHeaders: Record<string, string>;
  /**
   * Global requestFilters, or the host SDK's (the frame address's fragment `request_filters`,
   * which wins): filters every media request goes through in every engine, as data
   * (src/contract/net/request-filter-rules.ts). Validated when an engine reads them: an invalid filter
   * is left out with a warning, never a failure. Unset by default.
   */
  requestFilters?: unknown;
  /**
   * Query data_saver ('on' or 'off') / global dataSaver: the host's word on the data saver, which
   * wins over the viewer's menu and the browser's Save-Data. Unset: they decide.
   */
  dataSaver?: boolean | undefined;
}

export type WidgetConfigKey = keyof WidgetConfig;

/** SPEC.md section 4 leaves the wait open; 5 s is what viewers know from the big services. */
export const DEFAULT_NEXT_EPISODE_COUNTDOWN_SECONDS = 5;

/** A fresh default configuration on every call, so no caller can change another's. */
export function createDefaultConfig(): WidgetConfig {
  return {
    apiBaseUrl: '/catalog-api',
    authBaseUrl: '/authenticator',
    adListUrl: '/catalog-api/ad-list.json',
    adBreakTimeoutMs: 8_000,
    adMarking: undefined,
    fullscreenMode: 'native',
    errorProject: 'other',
    errorDsn: undefined,
    errorTunnelUrl: '/error-tunnel',
    collectorUrl: '/collect',
    statFunction: 'stat',
    langOrder: [],
    movieId: undefined,
    movieIdOutOfRange: false,
    engine: undefined,
    dashLibraryUrl: undefined,
    castSenderUrl: undefined,
    episodeId: undefined,
    season: undefined,
    episode: undefined,
    episodeVariantId: undefined,
    voiceAuthor: undefined,
    timeCode: undefined,
    episodeTime: undefined,
    nextEpisodeCountdown: DEFAULT_NEXT_EPISODE_COUNTDOWN_SECONDS,
    autoPlay: false,
    enabledShare: false,
    userId: undefined,
    checkAvailability: true,
    requestHeaders: {},
    debug: false,
  };
}
