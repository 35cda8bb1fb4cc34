/**
 * «Продолжить просмотр»: which of the viewer's history to offer again, and where each stopped.
 * The history (newest first) names each content's last episode and time; the content's saved
 * times (GET /contents/{id}/time-progress, newest first, per voice-over) give that episode's
 * newest place when they have been read.
 */
import type { ContentCard } from '../../contract/schemas/catalogue-schema.ts';
import type { HistoryEntry, TimeProgress } from '../../contract/schemas/viewer-schema.ts';

/** Past this share of an episode it counts as watched to the end (the player's own 95 % milestone). */
const WATCHED_SHARE = 0.95;
/** A place under a second is a start, not a place to come back to. */
const MIN_PLACE_S = 1;

export interface ContinueItem {
  content: ContentCard;
  episode: HistoryEntry['lastEpisode'];
  /** Seconds into the episode; null when the series' episode was watched to its end (the next one is offered). */
  time: number | null;
  duration: number | null;
  watchedAt: string;
}

export function isWatchedToEnd(time: number, duration: number | null): boolean {
  return duration !== null && duration > 0 && time >= duration * WATCHED_SHARE;
}

function newestPlace(entry: HistoryEntry, saved: readonly TimeProgress[] | undefined): { time: number | null; duration: number | null } {
  const episodeId = entry.lastEpisode?.id;
  const progress = saved?.find((item) => item.episodeId === episodeId);
  if (progress && (entry.time === null || progress.updatedAt >= entry.watchedAt)) return { time: progress.time, duration: progress.duration ?? entry.duration };
  return { time: entry.time, duration: entry.duration };
}

/**
 * Contents with a place to go back to, newest first: a film stopped before its end, a series at
 * its last episode (or, when that one was watched to its end, at the one after, which the player
 * chooses). Visits without a saved time and films watched to the end are left out.
 */
export function continueWatching(
  history: readonly HistoryEntry[],
  savedTimes: ReadonlyMap<number, readonly TimeProgress[]> = new Map(),
  limit = 12,
): ContinueItem[] {
  const items: ContinueItem[] = [];
  for (const entry of history) {
    const { time, duration } = newestPlace(entry, savedTimes.get(entry.content.id));
    if (time === null || time < MIN_PLACE_S) continue;
    const finished = isWatchedToEnd(time, duration);
    if (finished && !entry.content.hasMultipleEpisodes) continue;
    items.push({ content: entry.content, episode: entry.lastEpisode, time: finished ? null : time, duration, watchedAt: entry.watchedAt });
    if (items.length >= limit) break;
  }
  return items;
}

/** H:MM:SS, as the player's resume window writes a time. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
}

/** «1 сезон, 2 серия · остановились на 0:00:12», or «досмотрена 2 серия 1 сезона». */
export function placeText(item: ContinueItem): string {
  const episode = item.episode && item.content.hasMultipleEpisodes ? `${item.episode.season.order} сезон, ${item.episode.order} серия` : '';
  if (item.time === null) return episode ? `${episode} досмотрена` : 'досмотрено';
  return [episode, `остановились на ${clock(item.time)}`].filter(Boolean).join(' · ');
}
