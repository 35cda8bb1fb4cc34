import type { Facets } from '../../../src/contract/schemas/browse-schema.ts';
import type { ListingFilters } from '../../../src/contract/schemas/catalogue-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { scopedWhere, type ContentScope } from './content-scope.ts';

/**
 * How each value of a many-valued field is counted: the join from `contents c` to its values
 * (aliases of their own, so the filters' EXISTS subqueries keep theirs) and its value's key.
 */
const VALUE_FACETS = {
  genres: { select: 'fg.slug AS key, fg.title', join: 'JOIN content_genres fcg ON fcg.content_id = c.id JOIN genres fg ON fg.id = fcg.genre_id', group: 'fg.id' },
  countries: { select: 'fk.slug AS key, fk.title', join: 'JOIN content_countries fcc ON fcc.content_id = c.id JOIN countries fk ON fk.slug = fcc.slug', group: 'fk.slug' },
  languages: { select: 'fl.code AS key, fl.title', join: 'JOIN content_languages fcl ON fcl.content_id = c.id JOIN languages fl ON fl.code = fcl.code', group: 'fl.code' },
  tags: { select: 'ft.slug AS key, ft.title', join: 'JOIN content_tags fct ON fct.content_id = c.id JOIN tags ft ON ft.id = fct.tag_id', group: 'ft.id' },
} as const;

type ValueFacet = keyof typeof VALUE_FACETS;

/**
 * The filter panel's counts for a scope (a type's category): each field counted under every
 * other filter but its own, so a viewer sees what choosing another value would give. Six
 * grouped queries, each over the scope's contents only.
 */
export async function listingFacets(db: Queryable, scope: ContentScope, filters: ListingFilters): Promise<Facets> {
  const valueCounts = async <Field extends ValueFacet>(field: Field) => {
    const facet = VALUE_FACETS[field];
    const { where, params } = scopedWhere(scope, { ...filters, [field]: undefined });
    const rows = await db.query<{ key: string; title: string; count: number }>(
      `SELECT ${facet.select}, count(*)::int AS count FROM contents c ${facet.join} ${where}
       GROUP BY ${facet.group} ORDER BY count DESC, key`,
      params.values,
    );
    return rows;
  };
  const yearCounts = async () => {
    const { where, params } = scopedWhere(scope, { ...filters, yearFrom: undefined, yearTo: undefined });
    return db.query<{ year: number; count: number }>(
      `SELECT c.year, count(*)::int AS count FROM contents c ${where} GROUP BY c.year ORDER BY c.year DESC`,
      params.values,
    );
  };
  const ratingRange = async () => {
    const { where, params } = scopedWhere(scope, { ...filters, ratingFrom: undefined, ratingTo: undefined });
    const [row] = await db.query<{ min: number | null; max: number | null }>(
      `SELECT min(c.rating_kinopoisk) AS min, max(c.rating_kinopoisk) AS max FROM contents c ${where}`,
      params.values,
    );
    return row?.min == null || row.max == null ? null : { min: row.min, max: row.max };
  };
  // Independent reads: a PostgreSQL pool runs them side by side; PGlite takes them in turn.
  const [genres, countries, languages, tags, years, rating] = await Promise.all([
    valueCounts('genres'), valueCounts('countries'), valueCounts('languages'), valueCounts('tags'), yearCounts(), ratingRange(),
  ]);
  return {
    genres: genres.map(({ key, ...counted }) => ({ slug: key, ...counted })),
    countries: countries.map(({ key, ...counted }) => ({ slug: key, ...counted })),
    languages: languages.map(({ key, ...counted }) => ({ code: key, ...counted })),
    tags: tags.map(({ key, ...counted }) => ({ slug: key, ...counted })),
    years,
    rating,
  };
}
