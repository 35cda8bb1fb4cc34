import type { AnalyticsEvent } from '../contract/schemas/analytics-schema.ts';

/**
 * The page's own stat function (SPEC.md section 1; the frame's global named by statFunction) gets
 * each event as `videoplayer_${name}` with its payload; a frame without one: nothing to do.
 */
export function tellStatFunction(win: Window, name: string, events: readonly AnalyticsEvent[]): void {
  const stat = (win as unknown as Record<string, unknown>)[name];
  if (typeof stat !== 'function') return;
  for (const event of events) {
    try {
      stat.call(win, `videoplayer_${event.event}`, { ...event.payload, ...event.detail, network_type: event.network_type, event_id: event.event_id, view_id: event.view_id });
    } catch (error) {
      console.warn('The page\'s stat function failed', error);
    }
  }
}
