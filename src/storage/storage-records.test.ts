import { describe, expect, it } from 'vitest';
import { createMediaStorage } from './media-storage.ts';
import type { MirrorStore } from './media-storage.ts';
import {
  episodeProgress,
  favoriteAudioTrack,
  putCapped,
  saveEpisodeProgress,
  saveEpisodeVariant,
  saveFavoriteAudioTrack,
  savedEpisodeVariant,
  saveSourcePreferences,
  sourcePreferences,
} from './storage-records.ts';

function mapMirror(initial: Record<string, string> = {}): MirrorStore {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('episode progress', () => {
  it('keeps one time per variant and leaves the other variants alone', () => {
    const storage = createMediaStorage();
    saveEpisodeProgress(storage, 10, 1, 100);
    saveEpisodeProgress(storage, 10, 2, 250);
    saveEpisodeProgress(storage, 10, 1, 130);
    expect(storage.get('episodesTimeProgress')).toEqual({ 10: { 1: 130, 2: 250 } });
    expect(episodeProgress(storage, 10, 1)).toBe(130);
    expect(episodeProgress(storage, 10, 2)).toBe(250);
    expect(episodeProgress(storage, 10, 3)).toBeUndefined();
    expect(episodeProgress(storage, 10, undefined)).toBeUndefined();
  });

  it('saves plain seconds without a variant, and a variant time replaces them', () => {
    const storage = createMediaStorage();
    saveEpisodeProgress(storage, 11, undefined, 42);
    expect(storage.get('episodesTimeProgress')).toEqual({ 11: 42 });
    expect(episodeProgress(storage, 11, 5)).toBe(42);
    saveEpisodeProgress(storage, 11, 5, 50);
    expect(storage.get('episodesTimeProgress')).toEqual({ 11: { 5: 50 } });
  });

  it('ignores NaN and negative times', () => {
    const storage = createMediaStorage();
    saveEpisodeProgress(storage, 12, undefined, Number.NaN);
    saveEpisodeProgress(storage, 12, undefined, -1);
    expect(episodeProgress(storage, 12, undefined)).toBeUndefined();
  });

  it('reads progress an older player left in the mirror, and never the prototype', () => {
    const storage = createMediaStorage({ mirror: mapMirror({ episodesTimeProgress: '{"7":{"3":61}}' }) });
    expect(episodeProgress(storage, 7, 3)).toBe(61);
    expect(episodeProgress(storage, 'constructor', undefined)).toBeUndefined();
  });

  it('keeps at most 500 episodes, dropping the least recently saved even with numeric ids', () => {
    const storage = createMediaStorage();
    for (let id = 1; id <= 500; id += 1) saveEpisodeProgress(storage, id, undefined, id);
    saveEpisodeProgress(storage, 1, undefined, 99); // episode 1 is now the most recent
    saveEpisodeProgress(storage, 501, undefined, 5);
    const saved = storage.get('episodesTimeProgress');
    expect(Object.keys(saved)).toHaveLength(500);
    expect(episodeProgress(storage, 2, undefined)).toBeUndefined();
    expect(episodeProgress(storage, 1, undefined)).toBe(99);
    expect(episodeProgress(storage, 501, undefined)).toBe(5);
  });
});

describe('putCapped', () => {
  it('drops entries the order list does not know first', () => {
    const { record, order } = putCapped({ a: 1, b: 2, c: 3 }, ['c', 'a'], 'd', 4, 3);
    expect(record).toEqual({ a: 1, c: 3, d: 4 });
    expect(order).toEqual(['c', 'a', 'd']);
  });
});

describe('choices per content and preferences per source', () => {
  it('remembers audio track and variant per content', () => {
    const storage = createMediaStorage();
    saveFavoriteAudioTrack(storage, 3, 'Оригинал');
    saveFavoriteAudioTrack(storage, 4, 'Дубляж');
    saveEpisodeVariant(storage, 3, 'LostFilm');
    expect(favoriteAudioTrack(storage, 3)).toBe('Оригинал');
    expect(favoriteAudioTrack(storage, 4)).toBe('Дубляж');
    expect(savedEpisodeVariant(storage, 3)).toBe('LostFilm');
    expect(savedEpisodeVariant(storage, 4)).toBeUndefined();
  });

  it('merges a patch into the saved preferences of a source', () => {
    const storage = createMediaStorage();
    const src = 'https://cdn.example/v/master.m3u8';
    saveSourcePreferences(storage, src, { time: 12, rate: 1.5 });
    saveSourcePreferences(storage, src, { time: 40, quality: 'auto', volume: undefined });
    expect(sourcePreferences(storage, src)).toEqual({ time: 40, rate: 1.5, quality: 'auto' });
  });

  it('keeps at most 500 sources', () => {
    const storage = createMediaStorage();
    for (let i = 0; i <= 500; i += 1) saveSourcePreferences(storage, `https://cdn.example/${i}.m3u8`, { time: i });
    expect(Object.keys(storage.get('sourcePreferences'))).toHaveLength(500);
    expect(sourcePreferences(storage, 'https://cdn.example/0.m3u8')).toBeUndefined();
    expect(sourcePreferences(storage, 'https://cdn.example/500.m3u8')).toEqual({ time: 500 });
  });
});
