// How the account panel writes a history entry: the title, where the viewer is in a series, and
// the time they stopped at.

/** What the panel reads of a history entry (/catalog-api/contents/history). */
export interface HistoryEntry {
  content: { title: string; hasMultipleEpisodes?: boolean };
  lastEpisode?: { order: number; season: { order: number } } | null;
  time: number | null;
}

/** 3725.8 → '1:02:05'. */
export function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
}

/** «Сериал · 2 сезон, 3 серия · остановились на 0:12:05»; a film names no episode. */
export function historyLine(entry: HistoryEntry): string {
  return [
    entry.content.title,
    entry.lastEpisode && entry.content.hasMultipleEpisodes ? `${entry.lastEpisode.season.order} сезон, ${entry.lastEpisode.order} серия` : '',
    entry.time === null ? '' : `остановились на ${clock(entry.time)}`,
  ].filter(Boolean).join(' · ');
}
