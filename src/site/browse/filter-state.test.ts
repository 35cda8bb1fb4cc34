import { describe, expect, it } from 'vitest';
import { filtersFromSearch, listingFilters, searchFromFilters, toggled, withFilter } from './filter-state.ts';

const read = (query: string) => filtersFromSearch(new URLSearchParams(query));

describe('the listing filters in the address', () => {
  it('reads every filter and writes the same address back', () => {
    const query = 'genre=drama,action&country=ru&from=1990&to=2005&rating=7&sort=year&page=3';
    const state = read(query);
    expect(state).toEqual({ genres: ['drama', 'action'], countries: ['ru'], yearFrom: 1990, yearTo: 2005, ratingFrom: 7, sort: 'year', page: 3 });
    expect(searchFromFilters(state)).toBe(query);
  });

  it('gives the plain page a plain address', () => {
    expect(read('')).toEqual({ genres: [], countries: [], yearFrom: undefined, yearTo: undefined, ratingFrom: undefined, sort: undefined, page: 1 });
    expect(searchFromFilters(read(''))).toBe('');
  });

  it.each([
    ['genre=,drama,,DRAMA,<b>,drama', { genres: ['drama'] }],
    ['from=1700&to=3000', { yearFrom: undefined, yearTo: undefined }],
    ['from=2010&to=1990', { yearFrom: 1990, yearTo: 2010 }],
    ['rating=0&sort=random&page=0', { ratingFrom: undefined, sort: undefined, page: 1 }],
    ['rating=7.5&page=abc', { ratingFrom: undefined, page: 1 }],
    ['page=99999', { page: 1 }],
  ])('leaves out what is malformed: %s', (query, expected) => {
    expect(read(query)).toMatchObject(expected);
  });

  it('turns the state into the listing call\'s filters, each sort in its natural order', () => {
    expect(listingFilters(read(''))).toEqual({});
    expect(listingFilters(read('genre=drama&from=2000&sort=title'))).toEqual({ genres: ['drama'], yearFrom: 2000, sort: 'title', order: 'asc' });
    expect(listingFilters(read('sort=rating&rating=8'))).toEqual({ ratingFrom: 8, sort: 'rating', order: 'desc' });
  });

  it('starts again at page 1 when a filter changes, and toggles a value in a list', () => {
    const state = read('genre=drama&page=4');
    const next = withFilter(state, { genres: toggled(state.genres, 'comedy') });
    expect(next).toMatchObject({ genres: ['drama', 'comedy'], page: 1 });
    expect(toggled(next.genres, 'drama')).toEqual(['comedy']);
  });
});
