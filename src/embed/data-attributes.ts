import type { KinoPlayerOptions } from './kino-player.ts';
import { loadingModeOf } from './loading-mode.ts';

/**
 * A player's options from an element's data attributes (SPEC.md section 1: configuration from
 * the embedding element), e.g.
 *   <div data-kino-player data-movie-id="42" data-season="2" data-episode="3" data-auto-play></div>
 * Numbers that do not parse are left out (the player then uses its defaults); flags are on when
 * present unless set to "false".
 */
export function optionsFromDataset(data: DOMStringMap, playerOrigin: string): KinoPlayerOptions {
  const number = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : Number(value));
  const integer = (value: string | undefined) => {
    const parsed = number(value);
    return parsed !== undefined && Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined;
  };
  const flag = (value: string | undefined) => value !== undefined && value !== 'false';
  const time = number(data.time);
  const interval = number(data.timeupdateInterval);
  const options: KinoPlayerOptions = {
    movieId: Number(data.movieId),
    playerOrigin,
    autoPlay: flag(data.autoPlay),
    enabledShare: flag(data.enabledShare),
    lazy: flag(data.lazy),
  };
  const optional: Partial<KinoPlayerOptions> = {
    episodeId: integer(data.episodeId),
    season: integer(data.season),
    episode: integer(data.episode),
    variantId: integer(data.variantId),
    time: time !== undefined && Number.isFinite(time) && time >= 0 ? time : undefined,
    voiceAuthor: data.voiceAuthor || undefined,
    langOrder: data.langOrder ? data.langOrder.split(',').map((language) => language.trim()).filter(Boolean) : undefined,
    title: data.title || undefined,
    loading: loadingModeOf(data.loading),
    poster: data.poster || undefined,
    fullscreenMode: data.fullscreenMode === 'stretch' || data.fullscreenMode === 'native' ? data.fullscreenMode : undefined,
    referrerPolicy: (data.referrerPolicy as ReferrerPolicy | undefined) || undefined,
    timeupdateInterval: interval !== undefined && Number.isFinite(interval) ? interval : undefined,
    // Three ways: absent says nothing (the viewer and the browser decide), "false" off, else on.
    dataSaver: data.dataSaver === undefined ? undefined : flag(data.dataSaver),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(options, { [key]: value });
  return options;
}
