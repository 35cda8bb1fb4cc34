import { afterAll, beforeAll } from 'vitest';
import type { Queryable } from '../../server/db/database.ts';
import { API, startTestApp, type TestApp } from './helpers.ts';

/**
 * Rows the browsing tests read, written on top of the demo seed (whatever the seed grows into):
 * ids from 900 000 and slugs starting "zt-", so every test can narrow to exactly these by their
 * own genre, tag or category and know what the answer must be.
 *
 * Contents (all tagged zt-mark; popularity far above any real catalogue's, so they lead "most relevant"):
 *   900001 zt-alpha    cartoon 2001 ★8.5  comedy         fr     fr     promo 2, director Зоя + actor Захар ("Кот")
 *   900002 zt-beta     cartoon 2005 ★6.0  comedy, drama  fr, de fr, de promo 1, actor Захар ("Пёс"), tag zt-rare
 *   900003 zt-gamma    cartoon 2010 ★7.2  drama          de     de
 *   900004 zt-delta    series  2015 —     drama          jp     ja     three episodes (two released), director Зоя
 *   900005 zt-epsilon  movie   1999 ★9.1  comedy         fr     fr     one episode, released last
 */
export const FIXTURE = {
  contents: { alpha: 900001, beta: 900002, gamma: 900003, delta: 900004, epsilon: 900005 },
  genres: { comedy: 'zt-comedy', drama: 'zt-drama' },
  categories: { all: 900101, drama: 900102, picks: 900103 },
  tags: { mark: 900201, rare: 900202 },
  persons: { director: 900301, actor: 900302 },
  voiceAuthor: 900401,
  season: 900501,
  episodes: { first: 900601, second: 900602, unreleased: 900603, film: 900701 },
  variants: { voiced: 9006011, anonymous: 9006012 },
  menu: { top: 900801, second: 900802, first: 900803 },
  /** A subtitle language no real catalogue has. */
  subtitleLanguage: 'tlh',
} as const;

const CARTOON_TYPE_ID = 3;

interface FixtureContent {
  id: number;
  slug: string;
  title: string;
  type: 'movie' | 'series' | 'cartoon';
  year: number;
  rating: number | null;
  popularity: number;
  genres: number[];
  countries: string[];
  languages: string[];
  promo: number | null;
}

const GENRE_IDS = { comedy: 900901, drama: 900902 };
const BIG = 1e12;
const contents: FixtureContent[] = [
  { id: 900001, slug: 'zt-alpha', title: 'Зт Альфа', type: 'cartoon', year: 2001, rating: 8.5, popularity: BIG + 3, genres: [GENRE_IDS.comedy], countries: ['fr'], languages: ['fr'], promo: 900002 },
  { id: 900002, slug: 'zt-beta', title: 'Зт Бета', type: 'cartoon', year: 2005, rating: 6, popularity: BIG + 2, genres: [GENRE_IDS.comedy, GENRE_IDS.drama], countries: ['fr', 'de'], languages: ['fr', 'de'], promo: 900001 },
  { id: 900003, slug: 'zt-gamma', title: 'Зт Гамма', type: 'cartoon', year: 2010, rating: 7.2, popularity: BIG + 1, genres: [GENRE_IDS.drama], countries: ['de'], languages: ['de'], promo: null },
  { id: 900004, slug: 'zt-delta', title: 'Зт Дельта', type: 'series', year: 2015, rating: null, popularity: BIG + 4, genres: [GENRE_IDS.drama], countries: ['jp'], languages: ['ja'], promo: null },
  { id: 900005, slug: 'zt-epsilon', title: 'Зт Эпсилон', type: 'movie', year: 1999, rating: 9.1, popularity: BIG, genres: [GENRE_IDS.comedy], countries: ['fr'], languages: ['fr'], promo: null },
];

/** Writes the fixture; parameterised statements, one row at a time (a few dozen). */
export async function insertBrowseFixture(db: Queryable): Promise<void> {
  const run = (sql: string, ...params: unknown[]) => db.query(sql, params);
  await run('INSERT INTO genres (id, slug, title, position) VALUES ($1, $2, $3, 9001), ($4, $5, $6, 9002)',
    GENRE_IDS.comedy, FIXTURE.genres.comedy, 'Зт комедия', GENRE_IDS.drama, FIXTURE.genres.drama, 'Зт драма');
  await run('INSERT INTO tags (id, slug, title) VALUES ($1, $2, $3), ($4, $5, $6)',
    FIXTURE.tags.mark, 'zt-mark', 'Зт метка', FIXTURE.tags.rare, 'zt-rare', 'Зт редкость');
  for (const content of contents) {
    await run(
      `INSERT INTO contents (id, slug, title, original_title, description, content_type, year, kinopoisk_id, imdb_id,
         rating_kinopoisk, rating_imdb, poster_path, backdrop_path, popularity, promo_position, age_rating, duration_minutes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      content.id, content.slug, content.title, `Zt ${content.slug}`, `О ${content.title}`, content.type, content.year,
      content.id * 100, `tt${content.id * 10}`, content.rating, content.rating, `/posters/${content.slug}.jpg`,
      content.id === FIXTURE.contents.alpha ? '/backdrops/zt-alpha.jpg' : null, content.popularity, content.promo,
      content.id === FIXTURE.contents.alpha ? 6 : null, content.type === 'movie' ? 95 : null,
    );
    for (const [position, genreId] of content.genres.entries()) {
      await run('INSERT INTO content_genres (content_id, genre_id, position) VALUES ($1, $2, $3)', content.id, genreId, position);
    }
    for (const [position, slug] of content.countries.entries()) {
      await run('INSERT INTO content_countries (content_id, slug, position) VALUES ($1, $2, $3)', content.id, slug, position);
    }
    for (const [position, code] of content.languages.entries()) {
      await run('INSERT INTO content_languages (content_id, code, position) VALUES ($1, $2, $3)', content.id, code, position);
    }
    await run('INSERT INTO content_tags (content_id, tag_id) VALUES ($1, $2)', content.id, FIXTURE.tags.mark);
  }
  await run('INSERT INTO content_tags (content_id, tag_id) VALUES ($1, $2)', FIXTURE.contents.beta, FIXTURE.tags.rare);
  await insertPeople(db);
  await insertEpisodes(db);
  await insertCategories(db);
  await run('INSERT INTO menu_items (id, parent_id, title, url, position) VALUES ($1, NULL, $2, $3, 9000)', FIXTURE.menu.top, 'Зт раздел', '/zt');
  await run('INSERT INTO menu_items (id, parent_id, title, url, position) VALUES ($1, $2, $3, $4, 2), ($5, $2, $6, $7, 1)',
    FIXTURE.menu.second, FIXTURE.menu.top, 'Зт второй', '/zt/2', FIXTURE.menu.first, 'Зт первый', '/zt/1');
  await run('INSERT INTO redirects (from_path, to_path, status_code) VALUES ($1, $2, 308)', '/zt-old', '/zt-new');
}

async function insertPeople(db: Queryable): Promise<void> {
  const { director, actor } = FIXTURE.persons;
  await db.query(
    `INSERT INTO persons (id, slug, name, original_name, birth_year, photo_path) VALUES
       ($1, 'zt-director', 'Зоя Тестова', 'Zoya Testova', 1970, NULL), ($2, 'zt-actor', 'Захар Тестов', 'Zakhar 100%_Testov', NULL, '/people/zt-actor.jpg')`,
    [director, actor],
  );
  const credits: Array<[number, number, number, string | null]> = [
    [FIXTURE.contents.alpha, director, 1, null],
    [FIXTURE.contents.alpha, actor, 2, 'Кот'],
    [FIXTURE.contents.beta, actor, 2, 'Пёс'],
    [FIXTURE.contents.delta, director, 1, null],
  ];
  for (const [contentId, personId, typeId, character] of credits) {
    await db.query(
      'INSERT INTO content_persons (content_id, person_id, person_type_id, character_name, position) VALUES ($1, $2, $3, $4, 1)',
      [contentId, personId, typeId, character],
    );
  }
}

async function insertEpisodes(db: Queryable): Promise<void> {
  const { episodes, variants, season } = FIXTURE;
  await db.query('INSERT INTO voice_authors (id, slug, title) VALUES ($1, $2, $3)', [FIXTURE.voiceAuthor, 'zt-studio', 'Зт студия']);
  await db.query('INSERT INTO seasons (id, content_id, season_order) VALUES ($1, $2, 1), ($3, $4, 1)',
    [season, FIXTURE.contents.delta, season + 1, FIXTURE.contents.epsilon]);
  const rows: Array<[number, number, number, string | null]> = [
    [episodes.first, FIXTURE.contents.delta, 1, '2098-01-01T10:00:00Z'],
    [episodes.second, FIXTURE.contents.delta, 2, '2098-02-01T10:00:00Z'],
    [episodes.unreleased, FIXTURE.contents.delta, 3, null],
    [episodes.film, FIXTURE.contents.epsilon, 1, '2099-01-01T10:00:00Z'],
  ];
  for (const [id, contentId, order, releasedAt] of rows) {
    await db.query(
      `INSERT INTO episodes (id, content_id, season_id, episode_order, title, duration, released_at)
       VALUES ($1, $2, $3, $4, $5, 1500, $6)`,
      [id, contentId, contentId === FIXTURE.contents.delta ? season : season + 1, order, `Зт серия ${order}`, releasedAt],
    );
  }
  await db.query(
    `INSERT INTO episode_variants (id, episode_id, title, variant_order, voice_author_id) VALUES
       ($1, $2, 'Студийная', 1, $3), ($4, $2, 'Любительская', 2, NULL)`,
    [variants.voiced, episodes.first, FIXTURE.voiceAuthor, variants.anonymous],
  );
  await db.query(
    `INSERT INTO media_sources (episode_id, variant_id, link, label, is_default, position)
     VALUES ($1, NULL, '/zt/master.m3u8', 'HLS', true, 0)`,
    [episodes.first],
  );
  const language = FIXTURE.subtitleLanguage;
  await db.query(
    `INSERT INTO subtitles (episode_id, src, label, language, position) VALUES
       ($1, '/zt/1.vtt', 'Клингонский', $3, 0), ($2, '/zt/2.vtt', 'Клингонский', $3, 0), ($2, '/zt/2b.vtt', 'tlhIngan', $3, 1)`,
    [episodes.first, episodes.second, language],
  );
}

async function insertCategories(db: Queryable): Promise<void> {
  const { all, drama, picks } = FIXTURE.categories;
  await db.query(
    `INSERT INTO categories (id, content_type_id, parent_id, slug, title, kind, genre_id, position, main_mart_position) VALUES
       ($1, $4, NULL, 'zt-all', 'Зт все', 'all', NULL, 9001, 900002),
       ($2, $4, $1, 'zt-drama', 'Зт драмы', 'genre', $5, 9002, 900001),
       ($3, $4, $2, 'zt-picks', 'Зт выбор', 'selection', NULL, 9003, NULL)`,
    [all, drama, picks, CARTOON_TYPE_ID, GENRE_IDS.drama],
  );
  // The editor's order, not the popular one: gamma before alpha.
  await db.query('INSERT INTO category_contents (category_id, content_id, position) VALUES ($1, $2, 1), ($1, $3, 2)',
    [picks, FIXTURE.contents.gamma, FIXTURE.contents.alpha]);
}

/**
 * The browse test files' app: the demo catalogue plus this fixture, started before the file's
 * tests and closed after them; `get` and `post` call /catalog-api paths.
 */
export function browseTestApp() {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp();
    await insertBrowseFixture(started.db);
  });
  afterAll(() => started?.close());
  const app = (): TestApp => {
    if (!started) throw new Error('the browse test app starts in beforeAll');
    return started;
  };
  return {
    app,
    get: (path: string) => app().app.inject(`${API}${path}`),
    post: (path: string, payload?: object) => app().app.inject({ method: 'POST', url: `${API}${path}`, payload }),
  };
}
