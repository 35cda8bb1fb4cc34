import type { z } from 'zod';
import type {
  countrySchema,
  genreSchema,
  languageSchema,
  subtitleLanguageSchema,
  tagSchema,
  voiceAuthorSchema,
} from '../../../src/contract/schemas/browse-schema.ts';
import type { Queryable } from '../../db/database.ts';

type Genre = z.infer<typeof genreSchema>;
type Country = z.infer<typeof countrySchema>;
type Language = z.infer<typeof languageSchema>;
type Tag = z.infer<typeof tagSchema>;
type VoiceAuthor = z.infer<typeof voiceAuthorSchema>;
type SubtitleLanguage = z.infer<typeof subtitleLanguageSchema>;

const toCounted = <Row extends { contents_count: number }>({ contents_count, ...rest }: Row) => ({ ...rest, contentsCount: contents_count });

/**
 * The catalogue's vocabularies with how many contents each value has: genres, countries,
 * languages, tags, voice authors and subtitle languages.
 */
export class TaxonomyRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /** In the site's order. */
  async genres(): Promise<Genre[]> {
    return (await this.db.query<{ id: number; slug: string; title: string; contents_count: number }>(
      `SELECT g.id, g.slug, g.title, (SELECT count(*)::int FROM content_genres cg WHERE cg.genre_id = g.id) AS contents_count
       FROM genres g ORDER BY g.position, g.id`,
    )).map(toCounted);
  }

  /** Countries that have contents (of the given types, or of any when none are given), most contents first. */
  async countries(types: readonly string[] | null): Promise<Country[]> {
    return (await this.db.query<{ slug: string; title: string; contents_count: number }>(
      `SELECT k.slug, k.title, count(*)::int AS contents_count
       FROM countries k JOIN content_countries cc ON cc.slug = k.slug JOIN contents c ON c.id = cc.content_id
       WHERE ($1::text[] IS NULL OR c.content_type = ANY($1::text[]))
       GROUP BY k.slug ORDER BY contents_count DESC, k.slug`,
      [types?.length ? types : null],
    )).map(toCounted);
  }

  /** Most contents first. */
  async languages(): Promise<Language[]> {
    return (await this.db.query<{ code: string; title: string; contents_count: number }>(
      `SELECT l.code, l.title, count(*)::int AS contents_count
       FROM languages l JOIN content_languages cl ON cl.code = l.code
       GROUP BY l.code ORDER BY contents_count DESC, l.code`,
    )).map(toCounted);
  }

  /** By title. */
  async tags(): Promise<Tag[]> {
    return (await this.db.query<{ id: number; slug: string; title: string; contents_count: number }>(
      `SELECT t.id, t.slug, t.title, (SELECT count(*)::int FROM content_tags ct WHERE ct.tag_id = t.id) AS contents_count
       FROM tags t ORDER BY t.title, t.id`,
    )).map(toCounted);
  }

  /** One tag without its count (its listing counts it); null when unknown. */
  async tag(id: number): Promise<{ id: number; slug: string; title: string } | null> {
    const [tag] = await this.db.query<{ id: number; slug: string; title: string }>('SELECT id, slug, title FROM tags WHERE id = $1', [id]);
    return tag ?? null;
  }

  /** Dubbing studios by title, each with how many contents it voiced. */
  async voiceAuthors(): Promise<VoiceAuthor[]> {
    return (await this.db.query<{ id: number; slug: string; title: string; contents_count: number }>(
      `SELECT va.id, va.slug, va.title,
         (SELECT count(DISTINCT e.content_id)::int FROM episode_variants v JOIN episodes e ON e.id = v.episode_id
          WHERE v.voice_author_id = va.id) AS contents_count
       FROM voice_authors va ORDER BY va.title, va.id`,
    )).map(toCounted);
  }

  /**
   * The subtitle languages of the catalogue, of one content or of one episode, each with its
   * label (the one most of its tracks carry) and how many episodes have it; null when the named
   * content or episode is unknown.
   */
  async subtitleLanguages(contentId: number | null, episodeId: number | null): Promise<SubtitleLanguage[] | null> {
    if (contentId !== null && (await this.db.query('SELECT 1 FROM contents WHERE id = $1', [contentId])).length === 0) return null;
    if (episodeId !== null && (await this.db.query('SELECT 1 FROM episodes WHERE id = $1', [episodeId])).length === 0) return null;
    const rows = await this.db.query<{ language: string; label: string; episodes_count: number }>(
      `SELECT s.language, mode() WITHIN GROUP (ORDER BY s.label) AS label, count(DISTINCT s.episode_id)::int AS episodes_count
       FROM subtitles s JOIN episodes e ON e.id = s.episode_id
       WHERE ($1::int IS NULL OR e.content_id = $1) AND ($2::int IS NULL OR s.episode_id = $2)
       GROUP BY s.language ORDER BY episodes_count DESC, s.language`,
      [contentId, episodeId],
    );
    return rows.map((row) => ({ language: row.language, label: row.label, episodesCount: row.episodes_count }));
  }
}
