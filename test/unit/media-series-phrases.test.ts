// What the demo series' episodes say (scripts/media/series.ts): never over the shared opening
// (its sound must be the same in every episode) nor over the credits, one line at a time.
import { describe, expect, it } from 'vitest';
import { contentById, episodesOf, loadCatalogue } from '../../scripts/media/catalogue.ts';
import { COURIER } from '../../scripts/media/dialogue.ts';
import { episodePhrases } from '../../scripts/media/series.ts';

/** How long a spoken line may run (episodePhrases leaves this much room). */
const LINE_SECONDS = 3.2;

describe('the demo series\' dialogue', async () => {
  const series = contentById(await loadCatalogue(), 2);
  it.each(episodesOf(series).map((ref, index) => [ref.episode.id, ref, index] as const))('episode %i speaks outside its opening and credits', (_id, ref, index) => {
    const phrases = episodePhrases(ref, 'Многоголосый перевод', COURIER.ru, index * 3);
    const { intro, creditsStart } = ref.episode;
    expect(phrases.length).toBeGreaterThanOrEqual(2);
    expect(phrases.at(-1)?.text).toBe('Многоголосый перевод');
    for (const [i, phrase] of phrases.entries()) {
      const end = phrase.at + LINE_SECONDS;
      if (intro) expect(end <= intro.start || phrase.at >= intro.end, `${phrase.at}`).toBe(true);
      expect(end).toBeLessThanOrEqual(creditsStart ?? ref.episode.duration);
      expect(phrase.at).toBeGreaterThanOrEqual((phrases[i - 1]?.at ?? -Infinity) + LINE_SECONDS);
    }
  });
});
