/**
 * What the demo contents gain in the full catalogue: original titles, genres, tags,
 * age marks, their places in the promo slider and at the top of "most relevant" (they are the
 * ones with media of their own), and the voice authors of the series' variants.
 */
export interface DemoEnrichment {
  id: number;
  originalTitle: string;
  genres: string[];
  tags: string[];
  ageRating: number;
  promoPosition: number | null;
  popularity: number;
}

export const DEMO_ENRICHMENT: readonly DemoEnrichment[] = [
  { id: 1, originalTitle: 'The Northern Lighthouse', genres: ['drama', 'detective'], tags: ['sea', 'mystery'], ageRating: 12, promoPosition: 1, popularity: 60_000 },
  { id: 2, originalTitle: 'City Without a Map', genres: ['thriller', 'detective', 'drama'], tags: ['mystery'], ageRating: 16, promoPosition: 2, popularity: 58_000 },
  { id: 3, originalTitle: 'Quiet Harbour', genres: ['drama', 'melodrama'], tags: ['sea', 'small-town'], ageRating: 12, promoPosition: 3, popularity: 41_000 },
  { id: 4, originalTitle: 'The Long Road Home', genres: ['drama', 'adventure'], tags: ['road-movie', 'friendship'], ageRating: 12, promoPosition: 4, popularity: 52_000 },
  { id: 5, originalTitle: 'The Lost Reel', genres: ['thriller', 'detective'], tags: ['mystery'], ageRating: 16, promoPosition: null, popularity: 30_000 },
  { id: 6, originalTitle: 'Short Circuit', genres: ['comedy'], tags: ['small-town'], ageRating: 6, promoPosition: 5, popularity: 35_000 },
  { id: 7, originalTitle: 'The Glass Garden', genres: ['drama', 'fantasy'], tags: ['festival-winner'], ageRating: 6, promoPosition: null, popularity: 28_000 },
  { id: 8, originalTitle: 'Polar Day', genres: ['drama', 'adventure'], tags: ['festival-winner'], ageRating: 6, promoPosition: null, popularity: 26_000 },
];
