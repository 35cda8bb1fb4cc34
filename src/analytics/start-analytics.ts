import type { AnalyticsEvent } from '../api/analytics-schema.ts';
import type { PlayerEventMap, PlayerEventName } from '../core/events.ts';
import type { PlayerApp } from '../app/player-app.ts';
import { readyView, type ReadyView } from '../app/app-view.ts';
import type { WidgetConfig } from '../config/widget-config.ts';
import { createAnalyticsClient, type AnalyticsClient, type AnalyticsInput, type ViewContext } from '../workers-client/analytics-client.ts';
import { analyticsNow, type RecordedEvent } from './analytics-recorder.ts';
import { deviceTypeOf } from './device-type.ts';
import { randomUuid } from '../core/random-id.ts';

export interface AnalyticsOptions {
  app: PlayerApp;
  config: Pick<WidgetConfig, 'collectorUrl' | 'statFunction' | 'userId' | 'apiBaseUrl'>;
  /** What happened before this chunk arrived (analytics-recorder.ts). */
  recorded: RecordedEvent[];
  client?: AnalyticsClient;
  win?: Window;
  doc?: Document;
}

/** Time updates are handed over at most this often; everything else at once. */
const TIME_HAND_OVER_MS = 1000;

/**
 * The main thread's part of analytics: it forwards the player's events to the analytics worker,
 * which makes every event and payload, and does the two things only the page can — call the
 * frame's stat function (SPEC.md section 1) and send the last batch with navigator.sendBeacon
 * when the page is hidden or goes away.
 */
export function startAnalytics(options: AnalyticsOptions): () => void {
  const { app, config, recorded } = options;
  const win = options.win ?? window;
  const doc = options.doc ?? document;
  const client = options.client ?? createAnalyticsClient();
  const lifetime = new AbortController();
  const { signal } = lifetime;
  const collectorUrl = config.collectorUrl ? new URL(config.collectorUrl, win.location.href).href : undefined;

  let pending: AnalyticsInput[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const handOver = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    client.take(pending);
    pending = [];
  };
  const add = (inputs: AnalyticsInput[], soon = false) => {
    if (inputs.length === 0) return;
    pending.push(...inputs);
    if (!soon) handOver();
    else timer ??= setTimeout(handOver, TIME_HAND_OVER_MS);
  };

  const deviceType = deviceTypeOf(navigator as Navigator & { userAgentData?: { mobile?: boolean } });
  const contextOf = (view: ReadyView): ViewContext => viewContext(view, deviceType, config, win.location.href);
  function inputsOf(name: PlayerEventName, payload: PlayerEventMap[PlayerEventName], t: number): AnalyticsInput[] {
    const event = { name, payload } as { [K in PlayerEventName]: { name: K; payload: PlayerEventMap[K] } }[PlayerEventName];
    switch (event.name) {
      case 'episode': {
        const view = readyView(app.store);
        return view ? [{ type: 'view', t, episodeId: event.payload.episodeId, context: contextOf(view) }] : [];
      }
      case 'play-requested':
        return [{ type: 'play-requested', t }];
      case 'ad-break':
        return [{ type: 'ad-break', t, ...event.payload }];
      case 'ad':
        return [{ type: 'ad', t, ...event.payload }];
      case 'play':
      case 'pause':
      case 'playing':
      case 'ended':
        return [{ type: event.name, t }];
      case 'waiting':
        return [{ type: 'waiting', t, waiting: event.payload.waiting }];
      case 'seeking':
      case 'seeked':
        return [{ type: event.name, t, currentTime: event.payload.currentTime }];
      case 'content-time':
        return [{ type: 'time', t, currentTime: event.payload.currentTime, duration: event.payload.duration }];
      case 'rendition':
        return [{ type: 'rendition', t, height: event.payload.height }];
      case 'error': {
        const { error } = event.payload;
        return [{ type: 'error', t, code: error.code, category: error.category, fatal: error.severity === 'fatal', id: error.id }];
      }
      case 'ui':
        return [{ type: 'ui', t, ...event.payload }];
      default:
        return [];
    }
  }

  // What came before this chunk, then everything from now on, in order.
  add(recorded.flatMap((entry) => inputsOf(entry.name, entry.payload, entry.t)));
  const follow = <K extends PlayerEventName>(name: K) =>
    app.events.on(name, (payload) => add(inputsOf(name, payload, analyticsNow()), name === 'content-time'), { signal });
  for (const name of ['episode', 'play-requested', 'ad-break', 'ad', 'play', 'pause', 'playing', 'ended', 'waiting', 'seeking', 'seeked', 'content-time', 'rendition', 'error', 'ui'] as const) follow(name);

  followStores(app, (inputs) => add(inputs), signal);

  // The page's own stat function gets each event as it is made (a frame without one: nothing to do).
  const deliver = (events: AnalyticsEvent[]) => {
    const stat = (win as unknown as Record<string, unknown>)[config.statFunction];
    if (typeof stat !== 'function') return;
    for (const event of events) {
      try {
        stat.call(win, `videoplayer_${event.event}`, { ...event.payload, ...event.detail, network_type: event.network_type, event_id: event.event_id, view_id: event.view_id });
      } catch (error) {
        console.warn('The page\'s stat function failed', error);
      }
    }
  };
  void client.start({ collectorUrl, loadId: randomUuid() }, deliver).catch((error: unknown) => console.warn('Analytics did not start', error));

  // The last batch goes with the beacon, which outlives the page; once per hiding.
  let hidden = false;
  const hide = () => {
    if (hidden) return;
    hidden = true;
    handOver();
    void client.hide(analyticsNow()).then((batches) => {
      for (const batch of batches) {
        const sent = collectorUrl !== undefined && navigator.sendBeacon(collectorUrl, batch.body);
        if (sent) client.beaconSent(batch.id);
        else client.beaconRefused(batch.id);
      }
    }, () => undefined);
  };
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') hide();
    else hidden = false;
  }, { signal });
  win.addEventListener('pagehide', hide, { signal });
  return () => {
    handOver();
    lifetime.abort();
  };
}

/** Mute, speed and the network class from the core's store; the ad history; a failed load. */
function followStores(app: PlayerApp, add: (inputs: AnalyticsInput[]) => void, signal: AbortSignal): void {
  let followed: ReadyView['core'] | undefined;
  let stopCore: (() => void) | undefined;
  let errorShown = false;
  const onApp = () => {
    const { view } = app.store.getState();
    if (view.status === 'error' && !errorShown) {
      errorShown = true;
      add([{ type: 'error', t: analyticsNow(), code: 'load', category: 'catalogue', fatal: true, id: undefined }]);
    }
    if (view.status !== 'error') errorShown = false;
    const core = view.status === 'ready' ? view.core : undefined;
    if (core === followed) return;
    stopCore?.();
    followed = core;
    if (!core) return;
    let last = { muted: undefined as boolean | undefined, rate: 0, network: undefined as string | undefined };
    const onCore = () => {
      const state = core.store.getState();
      const t = analyticsNow();
      const inputs: AnalyticsInput[] = [];
      if (state.muted !== last.muted) inputs.push({ type: 'muted', t, muted: state.muted });
      if (state.rate !== last.rate) inputs.push({ type: 'rate', t, rate: state.rate });
      if (state.networkClass && state.networkClass !== last.network) inputs.push({ type: 'network', t, networkType: state.networkClass });
      last = { muted: state.muted, rate: state.rate, network: state.networkClass };
      add(inputs);
    };
    onCore();
    stopCore = core.store.subscribe(onCore);
  };
  onApp();
  const stopApp = app.store.subscribe(onApp);
  let history = app.ads.store.getState().history;
  // Ads that loaded before this chunk arrived (a preroll usually has).
  if (history.length > 0) add([{ type: 'ad-history', t: analyticsNow(), items: history.map((item) => ({ ...item })) }]);
  const stopAds = app.ads.store.subscribe(() => {
    const next = app.ads.store.getState().history;
    if (next === history) return;
    history = next;
    add([{ type: 'ad-history', t: analyticsNow(), items: next.map((item) => ({ ...item })) }]);
  });
  signal.addEventListener('abort', () => {
    stopApp();
    stopCore?.();
    stopAds();
  }, { once: true });
}

/** The payload's description of the content and the viewer (SPEC.md section 7). */
function viewContext(view: ReadyView, deviceType: ViewContext['device_type'], config: AnalyticsOptions['config'], pageUrl: string): ViewContext {
  const { content, current } = view;
  const series = content.hasMultipleEpisodes;
  const apiOrigin = new URL(config.apiBaseUrl, pageUrl).origin;
  return {
    video_id: content.id,
    video_title: content.title,
    video_category: content.contentType.slug,
    video_thumbnail: content.posterUrl ? new URL(content.posterUrl, apiOrigin).href : '',
    ratings: { kinopoisk: content.rating.kinopoisk?.value ?? null, imdb: content.rating.imdb?.value ?? null },
    kinopoisk_id: content.kinopoiskId,
    IMDb_id: content.imdbId,
    year: content.year,
    countries: content.countries.map((country) => country.slug),
    season: series ? current.episode.season.order : null,
    episode: series ? current.episode.order : null,
    language: current.variant?.title ?? null,
    user_id: config.userId ?? null,
    isTrailer: false,
    device_type: deviceType,
  };
}
