import type { PlayerEvents } from '../../core/events.ts';
import type { HostEventMap, HostEventName } from '../../contract/embed/host-api.ts';
import type { PlayerSnapshot } from '../../contract/embed/player-snapshot.ts';
import type { EpisodeChangeCause } from '../app-view.ts';

export type EmitHostEvent = <K extends HostEventName>(name: K, data: HostEventMap[K]) => void;

/**
 * The SDK's events that mirror the player's own (src/core/events.ts): play, pause, playing,
 * buffering, seeks, the end, the throttled time, a refused autoplay, the intro skipped and the
 * credits reached. Film time only: an ad's
 * element never reports here.
 */
export function feedPlayerEvents(
  events: Pick<PlayerEvents, 'on'>,
  emit: EmitHostEvent,
  timeupdateInterval: () => number,
  signal: AbortSignal,
  now: () => number = () => performance.now(),
): void {
  const on = { signal };
  let lastTime = -Infinity;
  let at = 0;
  events.on('content-time', ({ currentTime, duration }) => {
    const time = now();
    if (time - lastTime < timeupdateInterval()) return;
    lastTime = time;
    emit('timeupdate', { currentTime, duration: Number.isFinite(duration) ? duration : null });
  }, on);
  events.on('play', ({ currentTime }) => emit('play', { currentTime }), on);
  events.on('pause', ({ currentTime }) => emit('pause', { currentTime }), on);
  events.on('playing', ({ currentTime }) => emit('playing', { currentTime }), on);
  events.on('seeking', ({ currentTime }) => {
    at = currentTime;
    emit('seeking', { currentTime });
  }, on);
  events.on('seeked', ({ currentTime }) => {
    at = currentTime;
    emit('seeked', { currentTime });
  }, on);
  events.on('content-time', ({ currentTime }) => (at = currentTime), on);
  events.on('waiting', ({ waiting }) => emit(waiting ? 'bufferstart' : 'bufferend', { currentTime: at }), on);
  events.on('ended', ({ currentTime, duration }) => emit('ended', { currentTime, duration }), on);
  events.on('play-blocked', () => emit('autoplayblocked', {}), on);
  events.on('intro-skip', (skip) => emit('introskip', { ...skip }), on);
  events.on('credits-start', (credits) => emit('creditsstart', { ...credits }), on);
}

/**
 * The SDK's events that are changes of state: each compares the snapshot before and after a
 * change of the player's stores. `cause` says who opened the episode on screen.
 */
export function emitStateChanges(before: PlayerSnapshot, after: PlayerSnapshot, cause: EpisodeChangeCause | undefined, emit: EmitHostEvent): void {
  if (after.status === 'error' && before.status !== 'error' && after.error) emit('error', after.error);
  // The first episode and the rest of the first state arrive with `ready`, not as changes.
  if (after.status !== 'ready' || before.status !== 'ready') return;
  if (before.duration !== after.duration) emit('durationchange', { duration: after.duration });
  if (before.volume !== after.volume || before.muted !== after.muted) emit('volumechange', { volume: after.volume, muted: after.muted });
  if (before.rate !== after.rate) emit('ratechange', { rate: after.rate });
  if (before.quality !== after.quality || before.playingHeight !== after.playingHeight) {
    emit('qualitychange', { quality: after.quality, playingHeight: after.playingHeight });
  }
  if (before.audioTrack !== after.audioTrack) {
    emit('audiotrackchange', { audioTrack: after.audioTracks.find((track) => track.index === after.audioTrack) ?? null });
  }
  if (before.subtitle !== after.subtitle) {
    emit('subtitlechange', { subtitle: after.subtitles.find((track) => track.id === after.subtitle) ?? null });
  }
  if (after.episode && before.episode?.id !== after.episode.id) {
    const { id, season, episode, title } = after.episode;
    emit('episodechange', { episodeId: id, season, episode, title, variant: after.variant, cause: cause ?? 'user' });
  } else if (after.variant && before.variant?.id !== after.variant.id) {
    emit('variantchange', { variant: after.variant });
  }
  if (before.fullscreen !== after.fullscreen) emit('fullscreenchange', { fullscreen: after.fullscreen });
  // A break counts from its first ad on screen (its pod size known); one that found no ad never started.
  const started = (snapshot: PlayerSnapshot) => snapshot.ad !== null && snapshot.ad.podSize > 0;
  if (started(after) && !started(before)) emit('adbreakstart', after.ad!);
  if (before.ad && started(before) && !after.ad) emit('adbreakend', { breakType: before.ad.breakType });
}
