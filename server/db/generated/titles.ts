import type { SeededRandom } from './random.ts';
import { ADJECTIVES, CODAS, DEEDS, HEROES, NOUNS, PLACES, TURNS, type Adjective, type Gender } from './words.ts';

const FORM: Record<Gender, 0 | 1 | 2 | 3> = { m: 0, f: 1, n: 2, p: 3 };

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function agree(adjective: Adjective, gender: Gender): string {
  return adjective[FORM[gender]];
}

export interface GeneratedTitle {
  title: string;
  originalTitle: string;
}

/** A Russian title whose words agree, and the English one a foreign release would carry. */
export function generateTitle(random: SeededRandom): GeneratedTitle {
  const pattern = random.weighted([
    ['adjective-noun', 50],
    ['noun', 8],
    ['noun-and-noun', 12],
    ['noun-in-place', 15],
    ['adjective-noun-of-place', 15],
  ] as const);
  const [word, gender, english] = random.pick(NOUNS);
  const adjective = random.pick(ADJECTIVES);
  const [, placeGenitive, inPlace, placeEnglish] = random.pick(PLACES);
  switch (pattern) {
    case 'noun':
      return { title: capitalise(word), originalTitle: english };
    case 'noun-and-noun': {
      const [other, , otherEnglish] = random.pick(NOUNS.filter(([candidate]) => candidate !== word));
      return { title: `${capitalise(word)} и ${other}`, originalTitle: `${english} and ${otherEnglish}` };
    }
    case 'noun-in-place':
      return { title: `${capitalise(word)} ${inPlace}`, originalTitle: `${english} in ${placeEnglish}` };
    case 'adjective-noun-of-place':
      return { title: `${agree(adjective, gender)} ${word} ${placeGenitive}`, originalTitle: `The ${adjective[4]} ${english} of ${placeEnglish}` };
    default:
      return { title: `${agree(adjective, gender)} ${word}`, originalTitle: `The ${adjective[4]} ${english}` };
  }
}

/** Two sentences a catalogue page would show under the title. */
export function generateDescription(random: SeededRandom, isSeries: boolean): string {
  const [, placeGenitive] = random.pick(PLACES);
  const plot = `${random.pick(HEROES)} из ${placeGenitive} ${random.pick(DEEDS)}, ${random.pick(TURNS)}.`;
  const coda = random.pick(CODAS);
  return isSeries ? `${plot} Сериал в нескольких сезонах. ${coda}` : `${plot} ${coda}`;
}

/** An episode's own title: 'Серия N' for most, a short phrase for some. */
export function episodeTitle(random: SeededRandom, order: number): string {
  if (random.chance(0.6)) return `Серия ${order}`;
  const [word, gender] = random.pick(NOUNS);
  return `${agree(random.pick(ADJECTIVES), gender)} ${word}`;
}
