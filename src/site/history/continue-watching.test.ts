import { describe, expect, it } from 'vitest';
import type { ContentCard } from '../../contract/schemas/catalogue-schema.ts';
import type { HistoryEntry, TimeProgress } from '../../contract/schemas/viewer-schema.ts';
import { clock, continueWatching, isWatchedToEnd, placeText } from './continue-watching.ts';

function card(id: number, series: boolean): ContentCard {
  return {
    id, slug: `c-${id}`, title: `Content ${id}`, originalTitle: '', year: 2020, posterUrl: '/catalog-api/media/posters/content-1.jpg',
    contentType: { slug: series ? 'series' : 'movie' }, hasMultipleEpisodes: series, ageRating: null, rating: { kinopoisk: null, imdb: null }, genres: [], countries: [],
  };
}

function entry(id: number, series: boolean, time: number | null, duration: number | null, watchedAt = '2026-11-24T10:00:00.000Z'): HistoryEntry {
  return {
    content: card(id, series),
    lastEpisode: { id: id * 100 + 1, order: 2, title: 'Серия 2', season: { id: id * 10, order: 1 } },
    variantId: null,
    time,
    duration,
    watchedAt,
  };
}

function saved(episodeId: number, time: number, updatedAt: string): TimeProgress {
  return { episodeId, variantId: null, time, duration: 100, updatedAt };
}

describe('continue watching', () => {
  it('offers contents with a place, newest first, and leaves out visits and films watched to the end', () => {
    const history = [entry(1, false, 30, 100), entry(2, false, null, null), entry(3, false, 97, 100), entry(4, true, 12, 24), entry(5, false, 0.2, 100)];
    expect(continueWatching(history).map((item) => [item.content.id, item.time])).toEqual([[1, 30], [4, 12]]);
  });

  it('keeps a series whose last episode was watched to the end, without a time: the player opens the next one', () => {
    const [item] = continueWatching([entry(2, true, 23.5, 24)]);
    expect(item).toMatchObject({ time: null });
    expect(placeText(item!)).toBe('1 сезон, 2 серия досмотрена');
  });

  it('takes the episode\'s newer saved time over the history\'s', () => {
    const history = [entry(1, true, 10, 100, '2026-11-24T10:00:00.000Z')];
    const newer = new Map([[1, [saved(101, 42, '2026-11-24T10:05:00.000Z'), saved(999, 80, '2026-11-24T10:06:00.000Z')]]]);
    expect(continueWatching(history, newer)[0]?.time).toBe(42);
    const older = new Map([[1, [saved(101, 5, '2026-11-24T09:00:00.000Z')]]]);
    expect(continueWatching(history, older)[0]?.time).toBe(10);
  });

  it('stops at the limit', () => {
    const history = Array.from({ length: 20 }, (_, index) => entry(index + 1, false, 10, 100));
    expect(continueWatching(history, new Map(), 5)).toHaveLength(5);
  });

  it('says where the viewer stopped as the player does', () => {
    expect(clock(3725.9)).toBe('1:02:05');
    expect(placeText(continueWatching([entry(4, true, 12, 24)])[0]!)).toBe('1 сезон, 2 серия · остановились на 0:00:12');
    expect(placeText(continueWatching([entry(1, false, 75, 6000)])[0]!)).toBe('остановились на 0:01:15');
    expect(isWatchedToEnd(90, 100)).toBe(false);
    expect(isWatchedToEnd(5990, 6000)).toBe(true);
    expect(isWatchedToEnd(50, null)).toBe(false);
  });
});
