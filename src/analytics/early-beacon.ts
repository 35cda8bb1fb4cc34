import type { WidgetConfig } from '../config/widget-config.ts';
import type { AnalyticsApp, WatchedContent } from './analytics-app.ts';
import { analyticsNow, type Recorded } from './recorded-events.ts';
import { earlyEvents } from './early-events.ts';
import { tellStatFunction } from './stat-function.ts';
import { viewContext, type ContextConfig } from './view-context.ts';

export type EarlyBeaconConfig = ContextConfig & Pick<WidgetConfig, 'collectorUrl' | 'statFunction'>;

export interface EarlyBeaconOptions {
  app: Pick<AnalyticsApp, 'ads'>;
  config: EarlyBeaconConfig;
  /** The last content shown: its core's network class and rate. */
  lastReady: WatchedContent | undefined;
  win: Window;
}

/** Events per beacon: each is about 1 kB, and a beacon must stay under 64 kB. */
const BEACON_EVENTS = 40;

/**
 * The page is hidden or going away before the analytics chunk took over: what the entry recorded
 * leaves now, with navigator.sendBeacon (text/plain, the collector's batch), which outlives the
 * page, and goes to the page's stat function while the page is still there. Each event once: the
 * ids given out are kept, and a later hide or the chunk skips them.
 */
export function sendEarlyBeacon(recorded: Recorded, { app, config, lastReady, win }: EarlyBeaconOptions): void {
  const core = lastReady?.core.store.getState();
  const events = earlyEvents(recorded.notes, {
    networkType: core?.networkClass ?? 'unknown',
    rate: core?.rate ?? 1,
    ads: app.ads.store.getState().history,
    contextOf: (note) => viewContext(note.view, config, win.location.href),
  });
  const unheard = events.filter((event) => !recorded.heard.has(event.event_id));
  tellStatFunction(win, config.statFunction, unheard);
  for (const event of unheard) recorded.heard.add(event.event_id);
  const url = config.collectorUrl && new URL(config.collectorUrl, win.location.href).href;
  const unsent = events.filter((event) => !recorded.sent.has(event.event_id));
  for (let at = 0; url && at < unsent.length; at += BEACON_EVENTS) {
    const batch = unsent.slice(at, at + BEACON_EVENTS);
    if (navigator.sendBeacon(url, JSON.stringify({ sent_at: Math.round(analyticsNow()), events: batch }))) {
      for (const event of batch) recorded.sent.add(event.event_id);
    }
  }
}
