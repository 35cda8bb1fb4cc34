import type { Queryable } from '../db/database.ts';
import type { ContentCard } from '../../src/contract/schemas/catalogue-schema.ts';

interface CardRow {
  id: number;
  slug: string;
  title: string;
  original_title: string;
  year: number;
  poster_path: string;
  content_type: ContentCard['contentType']['slug'];
  episode_count: number;
  age_rating: number | null;
  rating_kinopoisk: number | null;
  rating_imdb: number | null;
  genres: Array<{ slug: string; title: string }>;
  countries: Array<{ slug: string; title: string }>;
}

/**
 * The cards of `ids`, in the order given; unknown ids are left out. One query for any number:
 * every list of the catalogue (listings, search, favourites, history, playlists) ends here. A
 * query the repositories share; routes reach it only through them.
 */
export async function loadContentCards(db: Queryable, ids: readonly number[]): Promise<ContentCard[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<CardRow>(
    `SELECT c.id, c.slug, c.title, c.original_title, c.year, c.poster_path, c.content_type, c.age_rating,
       c.rating_kinopoisk, c.rating_imdb,
       (SELECT count(*)::int FROM episodes e WHERE e.content_id = c.id) AS episode_count,
       COALESCE((SELECT json_agg(json_build_object('slug', g.slug, 'title', g.title) ORDER BY cg.position)
         FROM content_genres cg JOIN genres g ON g.id = cg.genre_id WHERE cg.content_id = c.id), '[]'::json) AS genres,
       COALESCE((SELECT json_agg(json_build_object('slug', k.slug, 'title', k.title) ORDER BY cc.position)
         FROM content_countries cc JOIN countries k ON k.slug = cc.slug WHERE cc.content_id = c.id), '[]'::json) AS countries
     FROM contents c WHERE c.id = ANY($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, toCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function toCard(row: CardRow): ContentCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    originalTitle: row.original_title,
    year: row.year,
    posterUrl: row.poster_path,
    contentType: { slug: row.content_type },
    hasMultipleEpisodes: row.episode_count > 1,
    ageRating: row.age_rating,
    rating: { kinopoisk: row.rating_kinopoisk, imdb: row.rating_imdb },
    genres: row.genres,
    countries: row.countries,
  };
}
