import type { GeneratedContent } from './generate.ts';
import { GENRE_ROWS } from './generate.ts';

export interface CategoryRow {
  id: number;
  typeId: number;
  parentId: number | null;
  slug: string;
  title: string;
  description: string;
  kind: 'all' | 'genre' | 'selection';
  genreId: number | null;
  position: number;
  mainMartPosition: number | null;
}

interface TypeInfo {
  id: number;
  slug: 'movie' | 'series' | 'cartoon';
  all: string;
}

const TYPES: readonly TypeInfo[] = [
  { id: 1, slug: 'movie', all: 'Все фильмы' },
  { id: 2, slug: 'series', all: 'Все сериалы' },
  { id: 3, slug: 'cartoon', all: 'Все мультфильмы' },
];

/** Home-page shelves, in order: [type slug, category slug]. */
const MAIN_MART: ReadonlyArray<readonly [string, string]> = [
  ['movie', 'novinki'], ['series', 'populyarnoe'], ['movie', 'populyarnoe'], ['series', 'novinki'],
  ['movie', 'vybor-redakcii'], ['cartoon', 'populyarnoe'], ['movie', 'comedy'], ['series', 'detective'],
];
const SELECTION_SIZE = 48;

/**
 * Categories of each content type: everything of the type, one per genre under it, and three
 * editors' selections (new, popular, the editors' choice) filled from the contents given.
 */
export function buildCategories(contents: readonly Pick<GeneratedContent, 'id' | 'type' | 'popularity' | 'createdAt' | 'ratingKinopoisk'>[]): {
  categories: CategoryRow[];
  selections: Array<[number, number, number]>;
} {
  const categories: CategoryRow[] = [];
  const selections: Array<[number, number, number]> = [];
  const mainMart = (type: string, slug: string) => {
    const index = MAIN_MART.findIndex(([t, s]) => t === type && s === slug);
    return index < 0 ? null : index + 1;
  };
  for (const type of TYPES) {
    const base = type.id * 100;
    const allId = base + 1;
    categories.push({ id: allId, typeId: type.id, parentId: null, slug: 'all', title: type.all, description: '', kind: 'all', genreId: null, position: 1, mainMartPosition: mainMart(type.slug, 'all') });
    const ofType = contents.filter((content) => content.type === type.slug);
    const picks: Array<[string, string, string, typeof ofType]> = [
      ['novinki', 'Новинки', 'Что вышло недавно.', [...ofType].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id - b.id)],
      ['populyarnoe', 'Популярное', 'Что смотрят больше всего.', [...ofType].sort((a, b) => b.popularity - a.popularity || a.id - b.id)],
      ['vybor-redakcii', 'Выбор редакции', 'Высокий рейтинг и хорошие отзывы.', ofType.filter((content) => content.ratingKinopoisk >= 7.5).sort((a, b) => (a.id * 7919) % 1000 - (b.id * 7919) % 1000)],
    ];
    picks.forEach(([slug, title, description, ordered], index) => {
      const id = base + 2 + index;
      categories.push({ id, typeId: type.id, parentId: null, slug, title, description, kind: 'selection', genreId: null, position: 2 + index, mainMartPosition: mainMart(type.slug, slug) });
      ordered.slice(0, SELECTION_SIZE).forEach((content, position) => selections.push([id, content.id, position + 1]));
    });
    GENRE_ROWS.forEach((genre, index) => {
      categories.push({ id: base + 10 + index, typeId: type.id, parentId: allId, slug: genre.slug, title: genre.title, description: '', kind: 'genre', genreId: genre.id, position: 10 + index, mainMartPosition: mainMart(type.slug, genre.slug) });
    });
  }
  return { categories, selections };
}

/** [id, parent id, title, url, position]. */
export const MENU_ROWS: ReadonlyArray<readonly [number, number | null, string, string, number]> = [
  [1, null, 'Главная', '/', 1],
  [2, null, 'Фильмы', '/movie/all', 2],
  [3, null, 'Сериалы', '/series/all', 3],
  [4, null, 'Мультфильмы', '/cartoon/all', 4],
  [21, 2, 'Новинки', '/movie/novinki', 1],
  [22, 2, 'Популярное', '/movie/populyarnoe', 2],
  [23, 2, 'Комедии', '/movie/comedy', 3],
  [31, 3, 'Новинки', '/series/novinki', 1],
  [32, 3, 'Популярное', '/series/populyarnoe', 2],
  [33, 3, 'Детективы', '/series/detective', 3],
  [41, 4, 'Для всей семьи', '/cartoon/family', 1],
];

/** Old addresses of the site: [from, to, status]. */
export const REDIRECT_ROWS: ReadonlyArray<readonly [string, string, number]> = [
  ['/films', '/movie/all', 301],
  ['/serialy', '/series/all', 301],
  ['/multfilmy', '/cartoon/all', 301],
  ['/novinki', '/movie/novinki', 302],
];
