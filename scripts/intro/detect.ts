// A season's intros from its episodes' audio: each decoded and fingerprinted, then matched
// against the others (match.ts).
import { mapLimit } from '../media/run.ts';
import { decodeAudio } from './decode.ts';
import type { EpisodeAudio } from './episodes.ts';
import { fingerprint, type Fingerprint } from './fingerprint.ts';
import { DEFAULT_MATCH, detectIntros, type MatchOptions, type Span } from './match.ts';

/** Intros open an episode: only its first ten minutes are listened to (as Jellyfin's intro skipper does, by default). */
export const DEFAULT_SEARCH_SECONDS = 600;

export interface ProposedIntro {
  episode: EpisodeAudio;
  /** null: it shares no opening with another episode of its season. */
  intro: Span | null;
}

/** The proposed intro of every episode, season by season; `season` keeps one. */
export async function proposeIntros(
  episodes: readonly EpisodeAudio[],
  options: { season?: number; searchSeconds?: number; match?: MatchOptions } = {},
): Promise<ProposedIntro[]> {
  const chosen = episodes.filter((episode) => options.season === undefined || episode.season === options.season);
  const prints = await mapLimit(chosen, 2, async (episode) => fingerprint(await decodeAudio(episode.input, options.searchSeconds ?? DEFAULT_SEARCH_SECONDS)));
  const proposals: ProposedIntro[] = [];
  for (const season of [...new Set(chosen.map((episode) => episode.season))]) {
    const inSeason = new Map<EpisodeAudio, Fingerprint>();
    chosen.forEach((episode, index) => {
      if (episode.season === season) inSeason.set(episode, prints[index] as Fingerprint);
    });
    const intros = detectIntros(inSeason, options.match ?? DEFAULT_MATCH);
    for (const [episode, intro] of intros) proposals.push({ episode, intro });
  }
  return proposals;
}

/** One line per episode: «s1e2 (episode 202): intro 3.0–11.0 s». */
export function describeProposals(proposals: readonly ProposedIntro[]): string[] {
  if (proposals.length === 0) return ['no episodes with media'];
  return proposals.map(({ episode, intro }) => {
    const label = `s${episode.season}e${episode.order} (episode ${episode.id})`;
    return intro ? `${label}: intro ${intro.start.toFixed(1)}–${intro.end.toFixed(1)} s` : `${label}: no intro shared with another episode of the season`;
  });
}
