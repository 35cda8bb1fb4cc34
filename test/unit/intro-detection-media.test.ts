// The intro detector (npm run media:detect-intro) on the demo media itself: the series' shared
// opening is found in every episode within a second of where the catalogue says it is, in both
// voice-overs, and a film has none. Needs ffmpeg (scripts/ensure-ffmpeg.sh installs it).
import { describe, expect, it } from 'vitest';
import { contentById, episodesOf, loadCatalogue } from '../../scripts/media/catalogue.ts';
import { proposeIntros } from '../../scripts/intro/detect.ts';
import { localEpisodes } from '../../scripts/intro/episodes.ts';

const SERIES = 2;
const DECODING = { timeout: 120_000 };

async function trueIntros(): Promise<Map<number, { start: number; end: number } | undefined>> {
  const series = contentById(await loadCatalogue(), SERIES);
  return new Map(episodesOf(series).map((ref) => [ref.episode.id, ref.episode.intro]));
}

describe('intro detection on the demo media', () => {
  it.each(['v1', 'v2'])('finds the series\' opening in every episode within 1 s (voice-over %s)', DECODING, async (voiceOver) => {
    const truth = await trueIntros();
    const episodes = (await localEpisodes(SERIES)).map((episode) => ({ ...episode, input: episode.input.replace('master-v1.m3u8', `master-${voiceOver}.m3u8`) }));
    expect(episodes).toHaveLength(5);
    const proposals = await proposeIntros(episodes);
    for (const { episode, intro } of proposals) {
      const expected = truth.get(episode.id);
      expect(expected, `episode ${episode.id} has an intro in the catalogue`).toBeDefined();
      expect(intro, `episode ${episode.id}`).not.toBeNull();
      expect(Math.abs((intro?.start ?? -99) - (expected?.start ?? 0)), `episode ${episode.id} start ${intro?.start}`).toBeLessThanOrEqual(1);
      expect(Math.abs((intro?.end ?? -99) - (expected?.end ?? 0)), `episode ${episode.id} end ${intro?.end}`).toBeLessThanOrEqual(1);
    }
  });

  it('keeps to one season when asked', DECODING, async () => {
    const proposals = await proposeIntros(await localEpisodes(SERIES), { season: 2 });
    expect(proposals.map(({ episode }) => episode.id)).toEqual([204, 205]);
  });

  it('reports no intro for a film, nor between two films that share no opening', DECODING, async () => {
    const [film] = await proposeIntros(await localEpisodes(1));
    expect(film?.intro).toBeNull();
    // Two different films put side by side as if one season: nothing in common long enough.
    const films = [...(await localEpisodes(3)), ...(await localEpisodes(6))].map((episode) => ({ ...episode, season: 1 }));
    const proposals = await proposeIntros(films);
    expect(proposals.map(({ intro }) => intro)).toEqual([null, null]);
  });
});
