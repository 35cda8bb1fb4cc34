/**
 * A listing's filters as the address carries them, so a filtered page can be shared, reloaded
 * and walked back: /movie/comedy?genre=drama,action&country=ru&from=1990&to=2005&rating=7&sort=year&page=2.
 * Whatever is malformed is left out, never refused: an old or hand-edited link still opens.
 */
import { LISTING_SORTS, type ListingFilters, type ListingSort } from '../../contract/schemas/catalogue-schema.ts';

export interface FilterState {
  genres: string[];
  countries: string[];
  yearFrom?: number | undefined;
  yearTo?: number | undefined;
  ratingFrom?: number | undefined;
  sort?: ListingSort | undefined;
  page: number;
}

const SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const MIN_YEAR = 1880;
const MAX_YEAR = 2100;

function slugs(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((part) => part.trim()).filter((part) => SLUG.test(part)))].slice(0, 50);
}

function integer(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d{1,5}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

export function filtersFromSearch(search: URLSearchParams): FilterState {
  let yearFrom = integer(search.get('from'), MIN_YEAR, MAX_YEAR);
  let yearTo = integer(search.get('to'), MIN_YEAR, MAX_YEAR);
  // A range given backwards means the same years.
  if (yearFrom !== undefined && yearTo !== undefined && yearFrom > yearTo) [yearFrom, yearTo] = [yearTo, yearFrom];
  const sort = search.get('sort');
  return {
    genres: slugs(search.get('genre')),
    countries: slugs(search.get('country')),
    yearFrom,
    yearTo,
    ratingFrom: integer(search.get('rating'), 1, 9),
    sort: LISTING_SORTS.find((known) => known === sort),
    page: integer(search.get('page'), 1, 10_000) ?? 1,
  };
}

/** The query string of a state (without '?'); defaults are left out, so the plain page has a plain address. */
export function searchFromFilters(state: FilterState): string {
  const query = new URLSearchParams();
  if (state.genres.length) query.set('genre', state.genres.join(','));
  if (state.countries.length) query.set('country', state.countries.join(','));
  if (state.yearFrom !== undefined) query.set('from', String(state.yearFrom));
  if (state.yearTo !== undefined) query.set('to', String(state.yearTo));
  if (state.ratingFrom !== undefined) query.set('rating', String(state.ratingFrom));
  if (state.sort) query.set('sort', state.sort);
  if (state.page > 1) query.set('page', String(state.page));
  return query.toString().replace(/%2C/g, ',');
}

/** The listing call's filters. Year sorts newest first; title sorts A to Я; the rest best first. */
export function listingFilters(state: FilterState): ListingFilters {
  const filters: ListingFilters = {};
  if (state.genres.length) filters.genres = state.genres;
  if (state.countries.length) filters.countries = state.countries;
  if (state.yearFrom !== undefined) filters.yearFrom = state.yearFrom;
  if (state.yearTo !== undefined) filters.yearTo = state.yearTo;
  if (state.ratingFrom !== undefined) filters.ratingFrom = state.ratingFrom;
  if (state.sort) {
    filters.sort = state.sort;
    filters.order = state.sort === 'title' ? 'asc' : 'desc';
  }
  return filters;
}

/** A change of any filter starts again at page 1. */
export function withFilter(state: FilterState, change: Partial<Omit<FilterState, 'page'>>): FilterState {
  return { ...state, ...change, page: 1 };
}

export function toggled(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}
