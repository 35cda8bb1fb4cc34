import type { Database, Queryable } from './database.ts';
import { demoCatalogue } from './demo-catalogue.ts';
import { bulkInsert } from './generated/bulk-insert.ts';
import { DEMO_ENRICHMENT } from './generated/demo-enrichment.ts';
import { insertEditorialPlaylists } from './generated/editorial-playlists.ts';
import { GENRE_ROWS, generateCatalogue, TAG_ROWS, VOICE_AUTHOR_ROWS, type GeneratedContent, type MediaPool, type MediaTemplate } from './generated/generate.ts';
import { buildCategories, MENU_ROWS, REDIRECT_ROWS } from './generated/site-structure.ts';

const MARKER = 'catalogue-seed';
/** The demo contents are 1…LAST_DEMO_ID (server/db/demo-catalogue.json); generated ones start at 1001. */
const LAST_DEMO_ID = Math.max(...demoCatalogue.contents.map((content) => content.id));
/** People of the demo contents are drawn from the generated ones, this many per content. */
const DEMO_CAST = 6;

export interface GeneratedCatalogueOptions {
  /** Generated contents on top of the demo ones; 0 seeds only the catalogue's structure. */
  size: number;
}

/**
 * The catalogue around the demo contents, once: genres, tags, voice authors, people, categories,
 * the menu, redirects and the editors' playlists, and `size` generated contents with seasons and episodes that play the
 * demo media. Needs the demo seed first (server/db/seed.ts). Deterministic; guarded by a marker
 * row written first in the same transaction, like the demo seed. True when this call seeded.
 */
export async function seedGeneratedCatalogue(db: Database, { size }: GeneratedCatalogueOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx.query('INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key', [MARKER, String(size)]);
    if (marked.length === 0) return false;
    await insertReferenceRows(tx);
    const media = await mediaPool(tx);
    const posters = (await tx.query<{ poster_path: string }>(`SELECT poster_path FROM contents WHERE id BETWEEN 1 AND ${LAST_DEMO_ID} ORDER BY id`)).map((row) => row.poster_path);
    const { people, contents } = generateCatalogue(size, media, posters);
    await bulkInsert(tx, 'persons', [['id', 'int'], ['slug', 'text'], ['name', 'text'], ['original_name', 'text'], ['birth_year', 'int']],
      people.map((person) => [person.id, person.slug, person.name, person.originalName, person.birthYear]));
    await insertContents(tx, contents);
    await enrichDemoContents(tx, people.map((person) => person.id));
    await insertSiteStructure(tx, contents);
    await insertEditorialPlaylists(tx);
    return true;
  });
}

async function insertReferenceRows(tx: Queryable): Promise<void> {
  await bulkInsert(tx, 'genres', [['id', 'int'], ['slug', 'text'], ['title', 'text'], ['position', 'int']], GENRE_ROWS.map((g) => [g.id, g.slug, g.title, g.position]));
  await bulkInsert(tx, 'tags', [['id', 'int'], ['slug', 'text'], ['title', 'text']], TAG_ROWS.map((t) => [t.id, t.slug, t.title]));
  await bulkInsert(tx, 'voice_authors', [['id', 'int'], ['slug', 'text'], ['title', 'text']], VOICE_AUTHOR_ROWS.map((v) => [v.id, v.slug, v.title]));
}

/** The demo episodes with media: films (a minute or longer) and the series' voiced episodes. */
async function mediaPool(tx: Queryable): Promise<MediaPool> {
  const rows = await tx.query<{ id: number; content_type: string; duration: number; link: string; label: string; variant_links: string[] | null; subtitles: MediaTemplate['subtitles'] }>(
    `SELECT e.id, c.content_type, e.duration, s.link, s.label,
       ARRAY(SELECT vs.link FROM episode_variants v JOIN media_sources vs ON vs.variant_id = v.id
             WHERE v.episode_id = e.id ORDER BY v.variant_order) AS variant_links,
       COALESCE((SELECT json_agg(json_build_object('src', t.src, 'label', t.label, 'language', t.language) ORDER BY t.position)
                 FROM subtitles t WHERE t.episode_id = e.id), '[]'::json) AS subtitles
     FROM episodes e JOIN contents c ON c.id = e.content_id
     JOIN media_sources s ON s.episode_id = e.id AND s.variant_id IS NULL AND s.is_default
     WHERE c.id BETWEEN 1 AND ${LAST_DEMO_ID} ORDER BY e.id`,
  );
  const template = (row: (typeof rows)[number]): MediaTemplate => ({
    duration: row.duration, link: row.link, label: row.label, variantLinks: row.variant_links ?? [], subtitles: row.subtitles,
  });
  const films = rows.filter((row) => row.content_type === 'movie' && row.duration >= 60 && row.link.endsWith('.m3u8')).map(template);
  const seriesEpisodes = rows.filter((row) => row.content_type === 'series').map(template);
  if (films.length === 0 || seriesEpisodes.length === 0) throw new Error('the demo catalogue must be seeded before the generated one');
  return { films, seriesEpisodes };
}

async function insertContents(tx: Queryable, contents: readonly GeneratedContent[]): Promise<void> {
  await bulkInsert(tx, 'contents', [
    ['id', 'int'], ['slug', 'text'], ['title', 'text'], ['description', 'text'], ['content_type', 'text'], ['year', 'int'],
    ['kinopoisk_id', 'int'], ['imdb_id', 'text'], ['rating_kinopoisk', 'float8'], ['rating_imdb', 'float8'], ['poster_path', 'text'],
    ['original_title', 'text'], ['age_rating', 'int'], ['duration_minutes', 'int'], ['popularity', 'float8'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
  ], contents.map((c) => [c.id, c.slug, c.title, c.description, c.type, c.year, c.kinopoiskId, c.imdbId, c.ratingKinopoisk, c.ratingImdb, c.posterPath,
    c.originalTitle, c.ageRating, c.durationMinutes, c.popularity, c.createdAt, c.createdAt]));
  await bulkInsert(tx, 'content_genres', [['content_id', 'int'], ['genre_id', 'int'], ['position', 'int']],
    contents.flatMap((c) => c.genreIds.map((genre, position) => [c.id, genre, position])));
  await bulkInsert(tx, 'content_countries', [['content_id', 'int'], ['slug', 'text'], ['position', 'int']],
    contents.flatMap((c) => c.countries.map((slug, position) => [c.id, slug, position])));
  await bulkInsert(tx, 'content_languages', [['content_id', 'int'], ['code', 'text'], ['position', 'int']],
    contents.flatMap((c) => c.languages.map((code, position) => [c.id, code, position])));
  await bulkInsert(tx, 'content_tags', [['content_id', 'int'], ['tag_id', 'int']], contents.flatMap((c) => c.tagIds.map((tag) => [c.id, tag])));
  await bulkInsert(tx, 'content_persons', [['content_id', 'int'], ['person_id', 'int'], ['person_type_id', 'int'], ['character_name', 'text'], ['position', 'int']],
    contents.flatMap((c) => c.credits.map(([person, type, part], position) => [c.id, person, type, part, position])));
  const seasons = contents.flatMap((c) => c.seasons.map((season) => ({ content: c, season })));
  await bulkInsert(tx, 'seasons', [['id', 'int'], ['content_id', 'int'], ['season_order', 'int']], seasons.map(({ content, season }) => [season.id, content.id, season.order]));
  const episodes = seasons.flatMap(({ content, season }) => season.episodes.map((episode) => ({ content, season, episode })));
  await bulkInsert(tx, 'episodes', [
    ['id', 'int'], ['content_id', 'int'], ['season_id', 'int'], ['episode_order', 'int'], ['title', 'text'], ['description', 'text'],
    ['duration', 'float8'], ['released_at', 'timestamptz'],
  ], episodes.map(({ content, season, episode }) => [episode.id, content.id, season.id, episode.order, episode.title, episode.description, episode.duration, episode.releasedAt]));
  // Variant ids follow the demo's rule: episode id × 10 + its place.
  const variants = episodes.flatMap(({ episode }) => episode.voiceAuthorIds.map((voice, index) => ({ episode, voice, index, id: episode.id * 10 + index + 1 })));
  const voiceTitle = new Map(VOICE_AUTHOR_ROWS.map((voice) => [voice.id, voice.title]));
  await bulkInsert(tx, 'episode_variants', [['id', 'int'], ['episode_id', 'int'], ['title', 'text'], ['variant_order', 'int'], ['voice_author_id', 'int']],
    variants.map(({ episode, voice, index, id }) => [id, episode.id, voiceTitle.get(voice) ?? '', index + 1, voice]));
  await bulkInsert(tx, 'media_sources', [['episode_id', 'int'], ['variant_id', 'int'], ['link', 'text'], ['label', 'text'], ['is_default', 'bool'], ['position', 'int']], [
    ...episodes.map(({ episode }) => [episode.id, null, episode.voiceAuthorIds.length > 0 ? episode.media.variantLinks[0] : episode.media.link, episode.media.label, true, 0]),
    ...variants.map(({ episode, index, id }) => [episode.id, id, episode.media.variantLinks[index], voiceTitle.get(episode.voiceAuthorIds[index] ?? 0) ?? '', true, 0]),
  ]);
  await bulkInsert(tx, 'subtitles', [['episode_id', 'int'], ['src', 'text'], ['label', 'text'], ['language', 'text'], ['position', 'int']],
    episodes.flatMap(({ episode }) => episode.media.subtitles.map((subtitle, position) => [episode.id, subtitle.src, subtitle.label, subtitle.language, position])));
}

async function enrichDemoContents(tx: Queryable, peopleIds: readonly number[]): Promise<void> {
  const genreId = new Map(GENRE_ROWS.map((genre) => [genre.slug, genre.id]));
  const tagId = new Map(TAG_ROWS.map((tag) => [tag.slug, tag.id]));
  for (const demo of DEMO_ENRICHMENT) {
    await tx.query('UPDATE contents SET original_title = $2, age_rating = $3, promo_position = $4, popularity = $5 WHERE id = $1',
      [demo.id, demo.originalTitle, demo.ageRating, demo.promoPosition, demo.popularity]);
    await bulkInsert(tx, 'content_genres', [['content_id', 'int'], ['genre_id', 'int'], ['position', 'int']], demo.genres.map((slug, position) => [demo.id, genreId.get(slug), position]));
    await bulkInsert(tx, 'content_tags', [['content_id', 'int'], ['tag_id', 'int']], demo.tags.map((slug) => [demo.id, tagId.get(slug)]));
    // A director, a writer and four actors, taken in turn from the generated people.
    const cast = Array.from({ length: DEMO_CAST }, (_, index) => peopleIds[(demo.id * DEMO_CAST + index) % peopleIds.length]);
    await bulkInsert(tx, 'content_persons', [['content_id', 'int'], ['person_id', 'int'], ['person_type_id', 'int'], ['character_name', 'text'], ['position', 'int']],
      cast.map((person, index) => [demo.id, person, index === 0 ? 1 : index === 1 ? 3 : 2, null, index]));
  }
  await tx.query(`UPDATE episode_variants v SET voice_author_id = a.id FROM voice_authors a
    WHERE a.title = v.title AND v.episode_id IN (SELECT id FROM episodes WHERE content_id BETWEEN 1 AND ${LAST_DEMO_ID})`);
  // The demo episodes came out in the last weeks, one a week, so "fresh episodes" starts with them.
  await tx.query(`UPDATE episodes SET released_at = now() - ordered.week * interval '7 days'
    FROM (SELECT id AS episode_id, row_number() OVER (ORDER BY id DESC) AS week FROM episodes WHERE content_id BETWEEN 1 AND ${LAST_DEMO_ID}) ordered
    WHERE episodes.id = ordered.episode_id`);
}

async function insertSiteStructure(tx: Queryable, generated: readonly GeneratedContent[]): Promise<void> {
  const demo = await tx.query<{ id: number; type: GeneratedContent['type']; popularity: number; created_at: string; rating: number }>(
    `SELECT id, content_type AS type, popularity, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS created_at, rating_kinopoisk AS rating FROM contents WHERE id BETWEEN 1 AND ${LAST_DEMO_ID}`,
  );
  const all = [...demo.map((row) => ({ id: row.id, type: row.type, popularity: row.popularity, createdAt: row.created_at, ratingKinopoisk: row.rating })), ...generated];
  const { categories, selections } = buildCategories(all);
  await bulkInsert(tx, 'categories', [
    ['id', 'int'], ['content_type_id', 'int'], ['parent_id', 'int'], ['slug', 'text'], ['title', 'text'], ['description', 'text'],
    ['kind', 'text'], ['genre_id', 'int'], ['position', 'int'], ['main_mart_position', 'int'],
  ], categories.map((c) => [c.id, c.typeId, c.parentId, c.slug, c.title, c.description, c.kind, c.genreId, c.position, c.mainMartPosition]));
  await bulkInsert(tx, 'category_contents', [['category_id', 'int'], ['content_id', 'int'], ['position', 'int']], selections);
  await bulkInsert(tx, 'menu_items', [['id', 'int'], ['parent_id', 'int'], ['title', 'text'], ['url', 'text'], ['position', 'int']], MENU_ROWS.map((row) => [...row]));
  await bulkInsert(tx, 'redirects', [['from_path', 'text'], ['to_path', 'text'], ['status_code', 'int']], REDIRECT_ROWS.map((row) => [...row]));
}
