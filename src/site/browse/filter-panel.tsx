import type { Facets } from '../../contract/schemas/browse-schema.ts';
import { LISTING_SORTS, type ListingSort } from '../../contract/schemas/catalogue-schema.ts';
import { toggled, withFilter, type FilterState } from './filter-state.ts';

const SORT_LABELS: Record<ListingSort, string> = {
  popular: 'По популярности',
  rating: 'По рейтингу',
  year: 'По году',
  new: 'Новинки',
  title: 'По названию',
};

const numberOrUndefined = (text: string) => (text === '' ? undefined : Number(text));

/**
 * The listing's filters: genres (several), countries (several), a year range, a lowest rating and
 * the order. Counts are the facets' (each field counted under the other filters). Every change
 * rewrites the address, which the page reads back.
 */
export function FilterPanel({ state, facets, apply }: { state: FilterState; facets: Facets; apply: (next: FilterState) => void }) {
  const years = facets.years.map((entry) => entry.year).sort((a, b) => b - a);
  const change = (part: Partial<Omit<FilterState, 'page'>>) => apply(withFilter(state, part));
  return (
    <details className="filters" open={state.genres.length + state.countries.length > 0 || undefined}>
      <summary>Фильтры</summary>
      <fieldset>
        <legend>Жанры</legend>
        {facets.genres.map((genre) => (
          <label key={genre.slug} className="check">
            <input type="checkbox" checked={state.genres.includes(genre.slug)} onChange={() => change({ genres: toggled(state.genres, genre.slug) })} />
            {genre.title} <span className="count">{genre.count}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Страны</legend>
        {facets.countries.slice(0, 20).map((country) => (
          <label key={country.slug} className="check">
            <input type="checkbox" checked={state.countries.includes(country.slug)} onChange={() => change({ countries: toggled(state.countries, country.slug) })} />
            {country.title} <span className="count">{country.count}</span>
          </label>
        ))}
      </fieldset>
      <div className="filters__row">
        <label>Год с
          <select value={state.yearFrom ?? ''} onChange={(event) => change({ yearFrom: numberOrUndefined(event.target.value) })}>
            <option value="">любой</option>
            {years.map((year) => <option key={year} value={year}>{year}</option>)}
          </select>
        </label>
        <label>по
          <select value={state.yearTo ?? ''} onChange={(event) => change({ yearTo: numberOrUndefined(event.target.value) })}>
            <option value="">любой</option>
            {years.map((year) => <option key={year} value={year}>{year}</option>)}
          </select>
        </label>
        <label>Рейтинг от
          <select value={state.ratingFrom ?? ''} onChange={(event) => change({ ratingFrom: numberOrUndefined(event.target.value) })}>
            <option value="">любой</option>
            {[9, 8, 7, 6, 5].map((rating) => <option key={rating} value={rating}>{rating}+</option>)}
          </select>
        </label>
        <label>Порядок
          <select value={state.sort ?? ''} onChange={(event) => change({ sort: LISTING_SORTS.find((sort) => sort === event.target.value) })}>
            <option value="">как у редакции</option>
            {LISTING_SORTS.map((sort) => <option key={sort} value={sort}>{SORT_LABELS[sort]}</option>)}
          </select>
        </label>
      </div>
    </details>
  );
}
