import { optionsFromDataset } from './data-attributes.ts';
import type { KinoPlayerOptions } from './kino-player.ts';

/**
 * The attributes of <kino-player>: data-kino-player's data- attributes without the prefix, and
 * player-origin (for the ES module, which cannot know where the player is served from).
 */
export const ELEMENT_ATTRIBUTES = [
  'movie-id', 'episode-id', 'season', 'episode', 'variant-id', 'time', 'auto-play', 'enabled-share', 'voice-author',
  'lang-order', 'title', 'poster', 'referrer-policy', 'fullscreen-mode', 'timeupdate-interval', 'loading', 'player-origin',
  'data-saver',
] as const;

/**
 * A player's options from an element's attributes, read by the same rules as data-kino-player's
 * (data-attributes.ts): `movie-id` is read as data-movie-id would be.
 */
export function optionsFromAttributes(element: Pick<Element, 'getAttribute'>, defaultOrigin: string): KinoPlayerOptions {
  const data: Record<string, string> = {};
  for (const name of ELEMENT_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value !== null) data[name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  // `loading` is read there too (loading-mode.ts), like data-loading.
  return optionsFromDataset(data, data.playerOrigin || defaultOrigin);
}
