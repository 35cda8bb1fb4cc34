import type { EpisodeTarget } from '../contract/embed/host-api.ts';
import type { KinoPlayerOptions } from './kino-player.ts';

/** What opens in the player, as the setEpisode command takes it; undefined when nothing says. */
export function episodeTargetOf(options: Partial<KinoPlayerOptions>): EpisodeTarget | undefined {
  if (options.episodeId !== undefined) return { episodeId: options.episodeId };
  if (options.season !== undefined) return options.episode === undefined ? { season: options.season } : { season: options.season, episode: options.episode };
  return undefined;
}

/** The options a command changes in a live player; every other option needs a new frame. */
const BY_COMMAND = new Set<string>(['episodeId', 'season', 'episode', 'variantId', 'dataSaver']);

export interface OptionChange {
  /** A new frame is needed: the content or an option only the frame's address carries changed. */
  rebuild: boolean;
  /** Open this episode with setEpisode. */
  episode?: EpisodeTarget;
  /** Switch to this voice-over with setVariant. */
  variantId?: number;
  /** Turn the data saver on or off with setDataSaver. */
  dataSaver?: boolean;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * How to go from a player made with `before` to `after`: by the SDK's commands where it has one
 * (episode, voice-over), so the viewer keeps the player; by a new frame otherwise.
 */
export function optionChange(before: Partial<KinoPlayerOptions>, after: Partial<KinoPlayerOptions>): OptionChange {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof KinoPlayerOptions>;
  const changed = [...keys].filter((key) => !same(before[key], after[key]));
  if (changed.some((key) => !BY_COMMAND.has(key))) return { rebuild: true };
  const change: OptionChange = { rebuild: false };
  const episode = episodeTargetOf(after);
  if (changed.includes('dataSaver')) {
    // Unset again: only a new frame gives the decision back to the viewer and the browser.
    if (after.dataSaver === undefined) return { rebuild: true };
    change.dataSaver = after.dataSaver;
  }
  if (changed.some((key) => key !== 'variantId' && key !== 'dataSaver')) {
    // An episode no longer named (season removed): only a new frame opens the content's default one.
    if (!episode) return { rebuild: true };
    change.episode = episode;
  }
  if (changed.includes('variantId')) {
    if (after.variantId === undefined) return { rebuild: true };
    change.variantId = after.variantId;
  }
  return change;
}
