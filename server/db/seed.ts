import type { Database, Queryable } from './database.ts';
import { demoCatalogue, variantId, type DemoContent, type DemoEpisode } from './demo-catalogue.ts';
import { MEDIA_URL_PREFIX } from '../http/paths.ts';

/** Bump when the demo catalogue changes shape; an older seeded database is left as it is. */
const SEED_VERSION = '1';
const SEED_MARKER = 'demo-seed';
const SUBTITLE_LABELS: Record<string, string> = { ru: 'Русский', en: 'English' };
const AD_WIDTH = 640;
const AD_HEIGHT = 360;
const AD_SKIP_OFFSET = '00:00:05';

/**
 * Seeds the demo catalogue once. The marker row is written first inside the same transaction,
 * so a second start (or a second process) finds it and seeds nothing.
 * Returns true when this call seeded.
 */
export async function seedDemoCatalogue(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx.query(
      'INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key',
      [SEED_MARKER, SEED_VERSION],
    );
    if (marked.length === 0) return false;
    for (const content of demoCatalogue.contents) await insertContent(tx, content);
    await insertAds(tx);
    return true;
  });
}

async function insertContent(tx: Queryable, content: DemoContent): Promise<void> {
  await tx.query(
    `INSERT INTO contents (id, slug, title, description, content_type, year, kinopoisk_id, imdb_id,
       rating_kinopoisk, rating_imdb, poster_path)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      content.id, content.slug, content.title, content.description, content.type, content.year,
      content.kinopoiskId, content.imdbId, content.rating.kinopoisk, content.rating.imdb,
      `${MEDIA_URL_PREFIX}posters/content-${content.id}.jpg`,
    ],
  );
  for (const [position, slug] of content.countries.entries()) {
    await tx.query('INSERT INTO content_countries (content_id, slug, position) VALUES ($1, $2, $3)', [content.id, slug, position]);
  }
  for (const [position, code] of content.languages.entries()) {
    await tx.query('INSERT INTO content_languages (content_id, code, position) VALUES ($1, $2, $3)', [content.id, code, position]);
  }
  for (const country of content.blockedCountries) {
    await tx.query('INSERT INTO content_blocked_countries (content_id, country_code) VALUES ($1, $2)', [content.id, country]);
  }
  for (const season of content.seasons) {
    await tx.query('INSERT INTO seasons (id, content_id, season_order) VALUES ($1, $2, $3)', [season.id, content.id, season.order]);
    for (const episode of season.episodes) await insertEpisode(tx, content, season.id, episode);
  }
}

async function insertEpisode(tx: Queryable, content: DemoContent, seasonId: number, episode: DemoEpisode): Promise<void> {
  const isSeries = content.type === 'series';
  await tx.query(
    `INSERT INTO episodes (id, content_id, season_id, episode_order, title, description, poster_path,
       duration, media_dir, intro_start, intro_end, credits_start)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      episode.id, content.id, seasonId, episode.order, episode.title, episode.description,
      isSeries ? `${MEDIA_URL_PREFIX}posters/episode-${episode.id}.jpg` : null,
      episode.duration, episode.media?.dir ?? null,
      episode.intro?.start ?? null, episode.intro?.end ?? null, episode.creditsStart ?? null,
    ],
  );
  const media = episode.media;
  if (!media) return;
  const mediaUrl = `${MEDIA_URL_PREFIX}${media.dir}/`;
  const variants = content.variants ?? [];
  for (const [position, variant] of variants.entries()) {
    const id = variantId(episode.id, variant);
    await tx.query('INSERT INTO episode_variants (id, episode_id, title, variant_order) VALUES ($1, $2, $3, $4)', [id, episode.id, variant.title, position + 1]);
    await insertSource(tx, episode.id, id, `${mediaUrl}master-${variant.key}.m3u8`, variant.title, 0);
  }
  // The episode's own manifest: its master, or for voiced episodes the first voice-over's.
  const firstVariant = variants[0];
  if (media.master) await insertSource(tx, episode.id, null, `${mediaUrl}${media.master}`, sourceLabel(media.master), 0);
  else if (firstVariant) await insertSource(tx, episode.id, null, `${mediaUrl}master-${firstVariant.key}.m3u8`, firstVariant.title, 0);

  const languages = media.subtitles ?? ['ru', 'en'];
  for (const [position, language] of languages.entries()) {
    await tx.query(
      'INSERT INTO subtitles (episode_id, src, label, language, position) VALUES ($1, $2, $3, $4, $5)',
      [episode.id, `${mediaUrl}subs/${language}.vtt`, SUBTITLE_LABELS[language] ?? language, language, position],
    );
  }
}

async function insertSource(tx: Queryable, episodeId: number, variantIdValue: number | null, link: string, label: string, position: number): Promise<void> {
  await tx.query(
    'INSERT INTO media_sources (episode_id, variant_id, link, label, is_default, position) VALUES ($1, $2, $3, $4, $5, $6)',
    [episodeId, variantIdValue, link, label, position === 0, position],
  );
}

function sourceLabel(master: string): string {
  return master.endsWith('.mpd') ? 'DASH' : 'HLS';
}

async function insertAds(tx: Queryable): Promise<void> {
  for (const ad of demoCatalogue.ads) {
    await tx.query(
      `INSERT INTO ad_creatives (id, title, media_path, duration, width, height, skip_offset, click_through)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [ad.creativeId, ad.title, ad.file, ad.duration, AD_WIDTH, AD_HEIGHT, AD_SKIP_OFFSET, ad.clickThrough],
    );
  }
  // The first creative opens the film (preroll), the second plays at half of a long one (midroll).
  const [preroll, midroll] = demoCatalogue.ads;
  if (preroll) await tx.query("INSERT INTO ad_list_items (break_type, creative_id, position) VALUES ('preroll', $1, 0)", [preroll.creativeId]);
  if (midroll) await tx.query("INSERT INTO ad_list_items (break_type, creative_id, position) VALUES ('midroll', $1, 0)", [midroll.creativeId]);
}
