import { characterName, generatePeople, type GeneratedPerson } from './people.ts';
import { SeededRandom } from './random.ts';
import { episodeTitle, generateDescription, generateTitle } from './titles.ts';
import { slugify } from '../../catalogue/translit.ts';
import { COUNTRY_WEIGHTS, GENRES, TAGS, VOICE_AUTHORS } from './words.ts';

/** A playable source the generated episodes borrow: the demo media (they are the only media). */
export interface MediaTemplate {
  /** Seconds. */
  duration: number;
  /** The episode's own master, then per voice-over variant one link. */
  link: string;
  label: string;
  variantLinks: string[];
  subtitles: Array<{ src: string; label: string; language: string }>;
}

export interface MediaPool {
  films: MediaTemplate[];
  seriesEpisodes: MediaTemplate[];
}

export interface GeneratedContent {
  id: number;
  slug: string;
  title: string;
  originalTitle: string;
  description: string;
  type: 'movie' | 'series' | 'cartoon';
  year: number;
  kinopoiskId: number;
  imdbId: string;
  ratingKinopoisk: number;
  ratingImdb: number;
  posterPath: string;
  ageRating: number;
  durationMinutes: number;
  popularity: number;
  createdAt: string;
  genreIds: number[];
  countries: string[];
  languages: string[];
  tagIds: number[];
  /** [person id, person type id, part]. */
  credits: Array<[number, number, string | null]>;
  seasons: Array<{ id: number; order: number; episodes: GeneratedEpisode[] }>;
}

export interface GeneratedEpisode {
  id: number;
  order: number;
  title: string;
  description: string;
  duration: number;
  releasedAt: string;
  media: MediaTemplate;
  /** Voice author ids of its variants, in order. */
  voiceAuthorIds: number[];
}

export interface GeneratedCatalogue {
  people: GeneratedPerson[];
  contents: GeneratedContent[];
}

/** Ids of generated contents start here; the demo contents keep 1 to 7. */
export const FIRST_CONTENT_ID = 1001;
const SEED = 20_261_124;
const PERSON_TYPE = { director: 1, actor: 2, writer: 3, producer: 4, composer: 5, operator: 6 } as const;
const LAST_YEAR = 2026;

export const GENRE_ROWS = GENRES.map(([slug, title], index) => ({ id: index + 1, slug, title, position: index + 1 }));
export const TAG_ROWS = TAGS.map(([slug, title], index) => ({ id: index + 1, slug, title }));
export const VOICE_AUTHOR_ROWS = VOICE_AUTHORS.map((title, index) => ({ id: index + 1, slug: slugify(title), title }));

/**
 * The generated catalogue: `size` contents with Russian titles, descriptions, people, genres,
 * countries, ratings and, for series, seasons of episodes. Deterministic: the same size gives
 * the same rows everywhere. `posters` are the posters it may use (the demo's own).
 */
export function generateCatalogue(size: number, media: MediaPool, posters: readonly string[]): GeneratedCatalogue {
  const random = new SeededRandom(SEED);
  const people = generatePeople(random, Math.max(50, Math.round(size * 0.8)));
  const slugs = new Set<string>();
  const contents: GeneratedContent[] = [];
  let nextSeasonId = 1_000_001;
  let nextEpisodeId = 10_000_001;
  for (let index = 0; index < size; index += 1) {
    const id = FIRST_CONTENT_ID + index;
    const type = random.weighted([['movie', 55], ['series', 35], ['cartoon', 10]] as const);
    const { title, originalTitle } = generateTitle(random);
    const year = LAST_YEAR - Math.floor(60 * Math.pow(random.next(), 2.2));
    let slug = slugify(`${title} ${year}`);
    if (slugs.has(slug)) slug = `${slug}-${id}`;
    slugs.add(slug);
    const [country, , languages] = random.weighted(COUNTRY_WEIGHTS.map((entry) => [entry, entry[1]] as const));
    const coProduction = random.chance(0.15) ? random.pick(COUNTRY_WEIGHTS.filter(([other]) => other !== country)) : undefined;
    const kinopoisk = Math.round(Math.min(9.4, Math.max(2.5, 6.6 + normal(random) * 1.1)) * 10) / 10;
    const isSeries = type === 'series' || (type === 'cartoon' && random.chance(0.3));
    const film = random.pick(media.films);
    const seasons = isSeries ? seriesSeasons(random, media, year, () => nextSeasonId++, () => nextEpisodeId++) : [];
    if (!isSeries) {
      seasons.push({
        id: nextSeasonId++,
        order: 1,
        episodes: [{ id: nextEpisodeId++, order: 1, title, description: 'Полнометражный фильм.', duration: film.duration, releasedAt: releaseDate(random, year), media: film, voiceAuthorIds: [] }],
      });
    }
    contents.push({
      id,
      slug,
      title,
      originalTitle,
      description: generateDescription(random, isSeries),
      type,
      year,
      kinopoiskId: 2_000_000 + id,
      imdbId: `tt${String(3_000_000 + id)}`,
      ratingKinopoisk: kinopoisk,
      ratingImdb: Math.round(Math.min(9.6, Math.max(2, kinopoisk + (random.next() - 0.5) * 1.2)) * 10) / 10,
      posterPath: posters[id % posters.length] ?? '',
      ageRating: type === 'cartoon' ? random.pick([0, 6, 6, 12]) : random.weighted([[6, 1], [12, 3], [16, 4], [18, 2]] as const),
      durationMinutes: isSeries ? random.int(20, 55) : random.int(78, 150),
      // Heavy-tailed, as real view counts are; newer titles a little ahead.
      popularity: Math.round(20_000 * Math.pow(random.next(), 6) + (year - 1960) * 3 + random.int(0, 50)),
      createdAt: releaseDate(random, year),
      genreIds: random.sample(GENRE_ROWS, random.int(1, 3)).map((genre) => genre.id),
      countries: coProduction ? [country, coProduction[0]] : [country],
      languages: [...new Set([...languages, ...(coProduction?.[2] ?? [])])],
      tagIds: random.sample(TAG_ROWS, random.int(0, 3)).map((tag) => tag.id),
      credits: credits(random, people),
      seasons,
    });
  }
  return { people, contents };
}

function seriesSeasons(random: SeededRandom, media: MediaPool, year: number, seasonId: () => number, episodeId: () => number): GeneratedContent['seasons'] {
  const seasons: GeneratedContent['seasons'] = [];
  const seasonCount = random.weighted([[1, 5], [2, 3], [3, 2]] as const);
  const voices = random.chance(0.5) ? random.sample(VOICE_AUTHOR_ROWS, 2).map((voice) => voice.id) : [];
  for (let order = 1; order <= seasonCount; order += 1) {
    const episodes: GeneratedEpisode[] = [];
    const count = random.int(3, 8);
    for (let episodeOrder = 1; episodeOrder <= count; episodeOrder += 1) {
      const template = random.pick(media.seriesEpisodes);
      episodes.push({
        id: episodeId(),
        order: episodeOrder,
        title: episodeTitle(random, episodeOrder),
        description: '',
        duration: template.duration,
        releasedAt: releaseDate(random, Math.min(LAST_YEAR, year + order - 1)),
        media: template,
        voiceAuthorIds: voices.slice(0, template.variantLinks.length),
      });
    }
    seasons.push({ id: seasonId(), order, episodes });
  }
  return seasons;
}

function credits(random: SeededRandom, people: readonly GeneratedPerson[]): GeneratedContent['credits'] {
  const list: GeneratedContent['credits'] = [];
  const add = (type: number, count: number, part: () => string | null) => {
    for (const person of random.sample(people, count)) list.push([person.id, type, part()]);
  };
  add(PERSON_TYPE.director, 1, () => null);
  add(PERSON_TYPE.writer, random.int(1, 2), () => null);
  add(PERSON_TYPE.actor, random.int(3, 7), () => characterName(random));
  add(PERSON_TYPE.producer, random.int(0, 2), () => null);
  if (random.chance(0.6)) add(PERSON_TYPE.composer, 1, () => null);
  if (random.chance(0.5)) add(PERSON_TYPE.operator, 1, () => null);
  return list;
}

/** A day of `year`, as an ISO date-time at noon UTC; in the last year, none after October. */
function releaseDate(random: SeededRandom, year: number): string {
  const day = random.int(0, year >= LAST_YEAR ? 300 : 363);
  return new Date(Date.UTC(year, 0, 1 + day, 12)).toISOString();
}

/** Roughly standard normal (the sum of four uniforms, centred and scaled). */
function normal(random: SeededRandom): number {
  return (random.next() + random.next() + random.next() + random.next() - 2) * 1.73;
}
