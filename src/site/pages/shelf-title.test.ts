import { describe, expect, it } from 'vitest';
import { shelfTitle } from './shelf-title.ts';

const series = { id: 2, slug: 'series' as const, title: 'Сериалы' };
const movie = { id: 1, slug: 'movie' as const, title: 'Фильмы' };

describe('a home-page shelf names its type', () => {
  it.each([
    ['selection', 'populyarnoe', 'Популярное', series, 'Популярные сериалы'],
    ['selection', 'novinki', 'Новинки', movie, 'Новые фильмы'],
    ['selection', 'vybor-redakcii', 'Выбор редакции', movie, 'Выбор редакции: фильмы'],
    ['genre', 'detective', 'Детектив', series, 'Детектив: сериалы'],
    ['all', 'all', 'Все фильмы', movie, 'Все фильмы'],
  ] as const)('%s %s of %o', (kind, slug, title, contentType, expected) => {
    expect(shelfTitle({ kind, slug, title, contentType })).toBe(expected);
  });

  it('a genre that happens to share a selection\'s slug is still a genre', () => {
    expect(shelfTitle({ kind: 'genre', slug: 'novinki', title: 'Новинки', contentType: movie })).toBe('Новинки: фильмы');
  });
});
