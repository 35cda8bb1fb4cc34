import type { Queryable } from '../db/database.ts';
import type { Content, Episode, MasterManifest, Season } from '../../src/contract/schemas/schema.ts';
import { episodeManifestPath, MEDIA_URL_PREFIX, variantManifestPath } from '../http/paths.ts';

interface ContentRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  content_type: Content['contentType']['slug'];
  year: number;
  kinopoisk_id: number | null;
  imdb_id: string | null;
  rating_kinopoisk: number | null;
  rating_imdb: number | null;
  poster_path: string;
  backdrop_path: string | null;
  original_title: string;
  age_rating: number | null;
  duration_minutes: number | null;
  countries: Array<{ slug: string; title: string }>;
  languages: Array<{ code: string; title: string }>;
  genres: Array<{ slug: string; title: string }>;
  tags: Array<{ slug: string; title: string }>;
  persons: Content['persons'];
  episode_count: number;
}

/** Each list in its own order: countries and languages as entered, people by type, then billing. */
const CONTENT_DETAILS_SQL = `SELECT c.*,
   COALESCE((SELECT json_agg(json_build_object('slug', k.slug, 'title', k.title) ORDER BY cc.position)
     FROM content_countries cc JOIN countries k ON k.slug = cc.slug WHERE cc.content_id = c.id), '[]'::json) AS countries,
   COALESCE((SELECT json_agg(json_build_object('code', l.code, 'title', l.title) ORDER BY cl.position)
     FROM content_languages cl JOIN languages l ON l.code = cl.code WHERE cl.content_id = c.id), '[]'::json) AS languages,
   COALESCE((SELECT json_agg(json_build_object('slug', g.slug, 'title', g.title) ORDER BY cg.position)
     FROM content_genres cg JOIN genres g ON g.id = cg.genre_id WHERE cg.content_id = c.id), '[]'::json) AS genres,
   COALESCE((SELECT json_agg(json_build_object('slug', t.slug, 'title', t.title) ORDER BY t.title, t.id)
     FROM content_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.content_id = c.id), '[]'::json) AS tags,
   COALESCE((SELECT json_agg(json_build_object('id', p.id, 'slug', p.slug, 'name', p.name,
       'type', json_build_object('slug', pt.slug, 'title', pt.title), 'characterName', cp.character_name)
       ORDER BY pt.position, cp.position, p.id)
     FROM content_persons cp JOIN persons p ON p.id = cp.person_id JOIN person_types pt ON pt.id = cp.person_type_id
     WHERE cp.content_id = c.id), '[]'::json) AS persons,
   (SELECT count(*)::int FROM episodes WHERE content_id = c.id) AS episode_count
 FROM contents c WHERE c.id = $1`;

interface EpisodeRow {
  id: number;
  content_id: number;
  episode_order: number;
  title: string;
  description: string;
  poster_path: string | null;
  duration: number;
  season_id: number;
  season_order: number;
  intro_start: number | null;
  intro_end: number | null;
  credits_start: number | null;
}

/** An episode's markers as the operator sets them (PUT /catalog-api/admin/episodes/{id}/markers). */
export interface EpisodeMarkers {
  intro: { start: number; end: number } | null;
  creditsStart: number | null;
}

/** The episodes' columns, their season's, in the catalogue's order (SPEC.md section 4). */
const EPISODES_SQL = (where: string): string => `SELECT e.id, e.content_id, e.episode_order, e.title, e.description, e.poster_path,
   e.duration, e.intro_start, e.intro_end, e.credits_start, s.id AS season_id, s.season_order
 FROM episodes e JOIN seasons s ON s.id = e.season_id
 WHERE ${where}
 ORDER BY s.season_order, e.episode_order`;

/** Reads the catalogue; every method answers null for an unknown id. */
export class CatalogueRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /** A content's details with its genres, tags, cast and crew: one query. */
  async findContent(id: number): Promise<Content | null> {
    const [row] = await this.db.query<ContentRow>(CONTENT_DETAILS_SQL, [id]);
    return row ? toContent(row) : null;
  }

  async listContentIds(): Promise<Array<{ id: number; title: string }>> {
    return this.db.query('SELECT id, title FROM contents ORDER BY id');
  }

  async listSeasons(contentId: number): Promise<Season[] | null> {
    if (!(await this.contentExists(contentId))) return null;
    const rows = await this.db.query<{ id: number; season_order: number }>(
      'SELECT id, season_order FROM seasons WHERE content_id = $1 ORDER BY season_order',
      [contentId],
    );
    return rows.map((row) => ({ id: row.id, contentId, order: row.season_order, title: `${row.season_order} сезон` }));
  }

  /** Episodes ordered by season order, then episode order (SPEC.md section 4). */
  async listEpisodes(contentId: number): Promise<Episode[] | null> {
    if (!(await this.contentExists(contentId))) return null;
    const rows = await this.db.query<EpisodeRow>(EPISODES_SQL('e.content_id = $1'), [contentId]);
    const variants = await this.db.query<VariantRow>(
      `SELECT v.id, v.episode_id, v.title FROM episode_variants v
       JOIN episodes e ON e.id = v.episode_id
       WHERE e.content_id = $1 ORDER BY v.episode_id, v.variant_order`,
      [contentId],
    );
    return rows.map((row) => toEpisode(row, variants));
  }

  /** One episode as the episodes list answers it. */
  async findEpisode(episodeId: number): Promise<Episode | null> {
    const [row] = await this.db.query<EpisodeRow>(EPISODES_SQL('e.id = $1'), [episodeId]);
    if (!row) return null;
    const variants = await this.db.query<VariantRow>(
      'SELECT id, episode_id, title FROM episode_variants WHERE episode_id = $1 ORDER BY variant_order',
      [episodeId],
    );
    return toEpisode(row, variants);
  }

  /**
   * Replaces the episode's intro and credits markers; false when there is no such episode. The
   * caller empties the catalogue's caches once this has committed.
   */
  async setEpisodeMarkers(episodeId: number, markers: EpisodeMarkers): Promise<boolean> {
    const updated = await this.db.query(
      'UPDATE episodes SET intro_start = $2, intro_end = $3, credits_start = $4 WHERE id = $1 RETURNING id',
      [episodeId, markers.intro?.start ?? null, markers.intro?.end ?? null, markers.creditsStart],
    );
    return updated.length > 0;
  }

  /** True unless the content is blocked in `countryCode` (ISO 3166-1 alpha-2). */
  async isAvailable(contentId: number, countryCode: string): Promise<boolean | null> {
    if (!(await this.contentExists(contentId))) return null;
    const blocked = await this.db.query(
      'SELECT 1 FROM content_blocked_countries WHERE content_id = $1 AND country_code = $2',
      [contentId, countryCode],
    );
    return blocked.length === 0;
  }

  /** The episode's own master manifest; null when the episode is unknown or has no media. */
  async episodeManifest(episodeId: number): Promise<MasterManifest | null> {
    const sources = await this.db.query<SourceRow>(
      'SELECT link, label, is_default FROM media_sources WHERE episode_id = $1 AND variant_id IS NULL ORDER BY position',
      [episodeId],
    );
    return this.manifest(episodeId, sources);
  }

  /** A voice-over variant's master manifest: its own sources, the episode's subtitles. */
  async variantManifest(variantId: number): Promise<MasterManifest | null> {
    const [variant] = await this.db.query<{ episode_id: number }>(
      'SELECT episode_id FROM episode_variants WHERE id = $1',
      [variantId],
    );
    if (!variant) return null;
    const sources = await this.db.query<SourceRow>(
      'SELECT link, label, is_default FROM media_sources WHERE variant_id = $1 ORDER BY position',
      [variantId],
    );
    return this.manifest(variant.episode_id, sources);
  }

  private async manifest(episodeId: number, sources: SourceRow[]): Promise<MasterManifest | null> {
    if (sources.length === 0) return null;
    const [episode] = await this.db.query<{ media_dir: string | null }>('SELECT media_dir FROM episodes WHERE id = $1', [episodeId]);
    const subtitles = await this.db.query<{ src: string; label: string; language: string }>(
      'SELECT src, label, language FROM subtitles WHERE episode_id = $1 ORDER BY position',
      [episodeId],
    );
    const thumbs = episode?.media_dir ? `${MEDIA_URL_PREFIX}${episode.media_dir}/thumbs/thumbs` : null;
    return {
      sources: sources.map((row) => ({ link: row.link, label: row.label, isDefault: row.is_default })),
      subtitles,
      ...(thumbs ? { thumbnails: { json: `${thumbs}.json`, vtt: `${thumbs}.vtt` } } : {}),
    };
  }

  private async contentExists(id: number): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM contents WHERE id = $1', [id])).length > 0;
  }
}

interface VariantRow {
  id: number;
  episode_id: number;
  title: string;
}

function toEpisode(row: EpisodeRow, variants: readonly VariantRow[]): Episode {
  return {
    id: row.id,
    contentId: row.content_id,
    order: row.episode_order,
    title: row.title,
    description: row.description,
    posterPath: row.poster_path,
    duration: row.duration,
    // Always both fields, null when unset: a client tells "none" from an older server's absence.
    intro: row.intro_start === null || row.intro_end === null ? null : { start: row.intro_start, end: row.intro_end },
    creditsStart: row.credits_start,
    // Nobody's mark: the episodes route lays a viewer's own over it (migration 013).
    isCompleted: false,
    season: { id: row.season_id, order: row.season_order },
    m3u8MasterFilePath: episodeManifestPath(row.id),
    episodeVariants: variants
      .filter((variant) => variant.episode_id === row.id)
      .map((variant) => ({ id: variant.id, title: variant.title, filepath: variantManifestPath(variant.id) })),
  };
}

interface SourceRow {
  link: string;
  label: string;
  is_default: boolean;
}

function toContent(row: ContentRow): Content {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    hasMultipleEpisodes: row.episode_count > 1,
    posterUrl: row.poster_path,
    contentType: { slug: row.content_type },
    kinopoiskId: row.kinopoisk_id,
    imdbId: row.imdb_id,
    year: row.year,
    countries: row.countries,
    languages: row.languages,
    rating: {
      kinopoisk: row.rating_kinopoisk === null ? null : { value: row.rating_kinopoisk },
      imdb:
        row.rating_imdb === null || row.imdb_id === null
          ? null
          : { value: row.rating_imdb, url: `https://www.imdb.com/title/${row.imdb_id}/` },
    },
    originalTitle: row.original_title,
    ageRating: row.age_rating,
    durationMinutes: row.duration_minutes,
    backdropUrl: row.backdrop_path,
    genres: row.genres,
    tags: row.tags,
    persons: row.persons,
  };
}
