/**
 * The data saver ('Экономия трафика'): what it limits and who decides whether it is on. Plain
 * data and pure functions, read by the page (the decision), the engine worker and the fallback
 * engines (the limits). docs/embedding.md, "Data saver", says the same for hosts.
 */

/** Auto plays no rendition taller than this while the saver is on (nor one of a higher bitrate than the tallest such). */
export const DATA_SAVER_MAX_HEIGHT = 480;
/** Seconds buffered ahead of the playhead while the saver is on (instead of the engine's usual goal). */
export const DATA_SAVER_FORWARD_SECONDS = 20;

/**
 * Why the saver is as it is: the viewer's own choice, the host's (the SDK's option or command),
 * or the browser's hint: Save-Data ('save-data') or a 2g-class connection ('network'). With
 * nobody asking, the saver is off and the reason is 'network' (the connection does not call for it).
 */
export type DataSaverReason = 'viewer' | 'save-data' | 'network' | 'host';

export interface DataSaverDecision {
  on: boolean;
  reason: DataSaverReason;
}

/** What the browser says of the connection (navigator.connection); absent fields are unknown. */
export interface ConnectionHint {
  /** The viewer asked the browser to save data (the Save-Data header's setting). */
  saveData?: boolean | undefined;
  /** 'slow-2g', '2g', '3g' or '4g'. */
  effectiveType?: string | undefined;
}

/** Connection types slow enough that the saver turns itself on. */
const SLOW_TYPES: ReadonlySet<string> = new Set(['slow-2g', '2g']);

/** Who may say: the host's command or option, the viewer's saved choice (null: never chose), the browser. */
export interface DataSaverInputs {
  host: boolean | undefined;
  viewer: boolean | null;
  browser: ConnectionHint;
}

/**
 * Whether the saver is on, and why. The host wins (it may know the viewer's plan or the page's
 * purpose), then the viewer's own choice in the menu, then the browser's hint: Save-Data, then
 * a 2g-class connection.
 */
export function decideDataSaver({ host, viewer, browser }: DataSaverInputs): DataSaverDecision {
  if (host !== undefined) return { on: host, reason: 'host' };
  if (viewer !== null) return { on: viewer, reason: 'viewer' };
  if (browser.saveData === true) return { on: true, reason: 'save-data' };
  if (browser.effectiveType !== undefined && SLOW_TYPES.has(browser.effectiveType)) return { on: true, reason: 'network' };
  return { on: false, reason: 'network' };
}
