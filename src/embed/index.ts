/**
 * The host SDK as an ES module, for host sites that bundle their code:
 *
 *   import { KinoPlayer } from 'kino-player/sdk';
 *   const player = new KinoPlayer('player', { movieId: 42, playerOrigin: 'https://player.example' });
 *   player.on('episodechange', ({ season, episode, cause }) => …);
 *   await player.play();
 *
 * <kino-player> is defined by calling defineKinoPlayerElement('https://player.example') once
 * (importing the module defines nothing, so a page rendered on a server can import it).
 *
 * The same SDK ships as one script, /catalog-api/lib.js (lib.ts), which also embeds every
 * element with data-kino-player.
 */
export { KinoPlayer, type KinoPlayerLoading, type KinoPlayerOptions } from './kino-player.ts';
// The React component (kino-player/react) is built on the binding, imported from this module.
export { PlayerBinding, PLAYER_COMMANDS, type EventSink, type KinoPlayerCommands } from './player-binding.ts';
export { defineKinoPlayerElement, KinoPlayerElement, type KinoPlayerCommand, type KinoPlayerElementEventMap } from './kino-player-element.ts';
export { AutoplayBlockedError, NotAllowedError, NotFoundError, NotReadyError, UnsupportedError } from './sdk-errors.ts';
export { FRAME_ALLOW, type PlayerFrameOptions } from './player-frame.ts';
export type { LoadingMode } from './loading-mode.ts';
export { HOST_PROTOCOL_VERSION } from '../contract/embed/host-protocol.ts';
export type { HeadersFilterRule, MediaRequestKind, PrefixFilterRule, QueryFilterRule, RequestFilterMatch } from '../contract/embed/request-filters.ts';
export type {
  EpisodeChangeCause,
  EpisodeTarget,
  HostAdBreak,
  HostAudioTrackRef,
  HostCommandMap,
  HostCommandName,
  HostEpisodeRef,
  HostError,
  HostErrorName,
  HostEventMap,
  HostEventName,
  HostSubtitleRef,
  HostVariantRef,
  PlayerSnapshot,
  RequestFilter,
} from '../contract/embed/host-api.ts';
