/**
 * The host API's vocabulary, shared by the SDK and the frame: the commands with their arguments
 * and results, the events with their data, and the names of the typed errors a command rejects
 * with. Types and constants only, so the SDK's bundle carries nothing of the player.
 */
import type { HostAdBreak, HostAudioTrackRef, HostEpisodeRef, HostError, HostSubtitleRef, HostVariantRef, PlayerSnapshot } from './player-snapshot.ts';
import type { RequestFilterRule } from './request-filters.ts';

/**
 * A request filter: data every media request goes through, in every engine (a token in the query,
 * a header, a CDN's address prefix swapped). See docs/embedding.md, "Request filters".
 */
export type RequestFilter = RequestFilterRule;

/** Which episode to open: the catalogue's id, or season and episode numbers (episode default 1). */
export type EpisodeTarget = { episodeId: number } | { season: number; episode?: number };

/** Every command: its arguments and what its Promise resolves with. */
export interface HostCommandMap {
  /**
   * Resolves when the film plays: at once if it does, after the preroll when a break comes first
   * (adbreakstart and adbreakend tell of it meanwhile), so state.paused is false when it resolves.
   * Rejects with AutoplayBlockedError when the browser wants the viewer's own press.
   */
  play: { args: []; result: void };
  /** Pauses the film, or the ad on screen. */
  pause: { args: []; result: void };
  /** Seconds from the start; resolves with the time reached once the seek is done. */
  seek: { args: [seconds: number]; result: number };
  /** 0..1. */
  setVolume: { args: [volume: number]; result: number };
  /** Mutes or unmutes the film; the volume stays. */
  setMuted: { args: [muted: boolean]; result: boolean };
  /**
   * Any rate from 0.25 to 2 (1.3 too; the player's menu offers the steps of SPEC.md section 9);
   * RangeError outside.
   */
  setRate: { args: [rate: number]; result: number };
  /** A height in state.qualities, or 'auto'. */
  setQuality: { args: [quality: number | 'auto']; result: number | 'auto' };
  /** An index in state.audioTracks. */
  setAudioTrack: { args: [index: number]; result: number };
  /** An id in state.subtitles, or null for off. */
  setSubtitle: { args: [id: string | null]; result: string | null };
  /** Resolves with the episode once it is on screen. */
  setEpisode: { args: [target: EpisodeTarget]; result: HostEpisodeRef };
  /** An id in state.variants (the voice-over); playback resumes at the same time. */
  setVariant: { args: [variantId: number]; result: HostVariantRef };
  /** The player's fullscreen; UnsupportedError where there is none. */
  enterFullscreen: { args: []; result: void };
  exitFullscreen: { args: []; result: void };
  /** The state now, asked of the frame (`player.state` is the mirror, read without a round trip). */
  getState: { args: []; result: PlayerSnapshot };
  /** Stops playback and releases the player in the frame; the SDK then removes the frame. */
  destroy: { args: []; result: void };
  /**
   * Replaces the request filters (a rotated token): every media request from now on, retries
   * included, goes through them; an empty list removes them. Resolves with the number in effect.
   * An invalid filter is left out and the others apply: the command then rejects with a
   * RangeError naming each one left out and why.
   */
  setRequestFilters: { args: [filters: readonly RequestFilter[]]; result: number };
  /**
   * Turns the data saver on or off ('Экономия трафика': Auto at 480p at most, 20 s buffered
   * ahead): the host's word wins over the viewer's menu and the browser's Save-Data from now on.
   * Resolves with the state in effect.
   */
  setDataSaver: { args: [on: boolean]; result: boolean };
}

export type HostCommandName = keyof HostCommandMap;

/** The rates setRate takes: the menu's slowest and fastest (SPEC.md section 9), and anything between. */
export const HOST_RATE_MIN = 0.25;
export const HOST_RATE_MAX = 2;

export const HOST_COMMAND_NAMES = [
  'play', 'pause', 'seek', 'setVolume', 'setMuted', 'setRate', 'setQuality', 'setAudioTrack', 'setSubtitle',
  'setEpisode', 'setVariant', 'enterFullscreen', 'exitFullscreen', 'getState', 'destroy', 'setRequestFilters', 'setDataSaver',
] as const satisfies readonly HostCommandName[];

/** Why the episode changed: the viewer in the player, the auto-advance at an episode's end, or a host command. */
export type EpisodeChangeCause = 'user' | 'autoNext' | 'api';

/** Every event the SDK emits and its data. */
export interface HostEventMap {
  /** The frame answered the handshake: the state is in. */
  ready: { state: PlayerSnapshot };
  play: { currentTime: number };
  pause: { currentTime: number };
  /** Frames move: after a start, a buffering wait or a seek. */
  playing: { currentTime: number };
  /** Waiting for data for 300 ms or more, and the end of that wait. */
  bufferstart: { currentTime: number };
  bufferend: { currentTime: number };
  seeking: { currentTime: number };
  seeked: { currentTime: number };
  ended: { currentTime: number; duration: number };
  /** While the time moves, at most once per `timeupdateInterval` (default 250 ms). */
  timeupdate: { currentTime: number; duration: number | null };
  durationchange: { duration: number | null };
  /** The film's volume or mute changed (the ad's own volume is apart). */
  volumechange: { volume: number; muted: boolean };
  ratechange: { rate: number };
  /** The viewer's quality choice or the height on screen changed. */
  qualitychange: { quality: 'auto' | number; playingHeight: number | null };
  audiotrackchange: { audioTrack: HostAudioTrackRef | null };
  subtitlechange: { subtitle: HostSubtitleRef | null };
  /** Another episode is on screen, with who changed it: the viewer, the auto-advance at an episode's end, or a host command. */
  episodechange: { episodeId: number; season: number; episode: number; title: string; variant: HostVariantRef | null; cause: EpisodeChangeCause };
  /** Another voice-over of the same episode. */
  variantchange: { variant: HostVariantRef };
  /** The player's fullscreen (or the frame's, made by the SDK) began or ended. */
  fullscreenchange: { fullscreen: boolean };
  /** The browser refused to start playback without a gesture: the viewer must press play. */
  autoplayblocked: Record<string, never>;
  /** An ad break's first ad is on screen: its pod size and the marking to show beside it. */
  adbreakstart: HostAdBreak;
  adbreakend: { breakType: 'preroll' | 'midroll' };
  /** An error card shows (SPEC.md section 8); code from the error table, id as the viewer sees it. */
  error: HostError;
  /** The intro was skipped from `from` to its end `to`: by the viewer's button, or by itself (`auto`) as the viewer always skips it. */
  introskip: { from: number; to: number; auto: boolean };
  /** Playing reached the episode's credits (once per episode view); `hasNext`: the next episode's card counts down over them. */
  creditsstart: { time: number; hasNext: boolean };
  /**
   * The data saver turned on or off, and who turned it: the viewer in the menu, the host, or the
   * browser (its Save-Data setting, or a 2g-class connection: 'network').
   */
  datasaverchange: { on: boolean; reason: 'viewer' | 'save-data' | 'network' | 'host' };
}

export type HostEventName = keyof HostEventMap;

export const HOST_EVENT_NAMES = [
  'ready', 'play', 'pause', 'playing', 'bufferstart', 'bufferend', 'seeking', 'seeked', 'ended', 'timeupdate',
  'durationchange', 'volumechange', 'ratechange', 'qualitychange', 'audiotrackchange', 'subtitlechange',
  'episodechange', 'variantchange', 'fullscreenchange', 'autoplayblocked', 'adbreakstart', 'adbreakend', 'error',
  'introskip', 'creditsstart', 'datasaverchange',
] as const satisfies readonly HostEventName[];

/**
 * The typed errors a command's Promise rejects with (by `name`):
 * - NotReadyError: the player cannot take commands (its error card shows, or it was destroyed);
 * - AutoplayBlockedError: the browser refused to play without the viewer's gesture;
 * - RangeError: a value outside what the command takes (a volume of 2, a rate not offered);
 * - UnsupportedError: not possible here (no fullscreen, an unknown command, another protocol);
 * - NotFoundError: no such episode, voice-over, quality, audio track or subtitle;
 * - NotAllowedError: not allowed (this site may not embed the player; unavailable content).
 */
export const HOST_ERROR_NAMES = ['NotReadyError', 'AutoplayBlockedError', 'RangeError', 'UnsupportedError', 'NotFoundError', 'NotAllowedError'] as const;

export type HostErrorName = (typeof HOST_ERROR_NAMES)[number];

export type { HostAdBreak, HostAudioTrackRef, HostEpisodeRef, HostError, HostSubtitleRef, HostVariantRef, PlayerSnapshot };
