import type { SeededRandom } from './random.ts';
import { romanize, slugify } from '../../catalogue/translit.ts';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from './words.ts';

export interface GeneratedPerson {
  id: number;
  slug: string;
  name: string;
  originalName: string;
  birthYear: number;
}

/** First ids of generated people; below are left for people an operator adds by hand. */
export const FIRST_PERSON_ID = 100_001;

function feminine(surname: string): string {
  if (surname.endsWith('ский')) return `${surname.slice(0, -4)}ская`;
  return `${surname}а`;
}

/** `count` people with distinct Russian names (and their romanised credits), men and women alike. */
export function generatePeople(random: SeededRandom, count: number): GeneratedPerson[] {
  const seen = new Set<string>();
  const people: GeneratedPerson[] = [];
  const capacity = (MALE_NAMES.length + FEMALE_NAMES.length) * SURNAMES.length;
  const target = Math.min(count, Math.floor(capacity * 0.8));
  while (people.length < target) {
    const female = random.chance(0.45);
    const surname = random.pick(SURNAMES);
    const name = female ? `${random.pick(FEMALE_NAMES)} ${feminine(surname)}` : `${random.pick(MALE_NAMES)} ${surname}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const id = FIRST_PERSON_ID + people.length;
    people.push({ id, slug: `${slugify(name)}-${id}`, name, originalName: romanize(name), birthYear: random.int(1940, 2005) });
  }
  return people;
}

/** A first name for an actor's part. */
export function characterName(random: SeededRandom): string {
  return random.chance(0.5) ? random.pick(MALE_NAMES) : random.pick(FEMALE_NAMES);
}
