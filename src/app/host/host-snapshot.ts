import { adOnScreen, type AdState } from '../../ads/ad-state.ts';
import type { Episode } from '../../contract/schemas/schema.ts';
import type { PlayerState } from '../../core/player-state.ts';
import type { HostAdBreak, HostEpisodeRef, PlayerSnapshot } from '../../contract/embed/player-snapshot.ts';
import { EMPTY_SNAPSHOT } from '../../contract/embed/player-snapshot.ts';
import type { AppView } from '../app-view.ts';
import type { HostFeatures } from './host-bridge.ts';

/** What the snapshot is read from: the app's view, its ads, the controls' features and the data saver. */
export interface SnapshotSources {
  view: AppView;
  ads: AdState;
  features: HostFeatures | undefined;
  /** The data saver is on; default false. */
  dataSaver?: boolean | undefined;
}

export const episodeRef = (episode: Episode): HostEpisodeRef => ({
  id: episode.id,
  season: episode.season.order,
  episode: episode.order,
  title: episode.title,
});

/** Built once per catalogue list (the list object is kept while the content is), not per time update. */
const episodeRefs = new WeakMap<readonly Episode[], HostEpisodeRef[]>();
function refsOf(episodes: readonly Episode[]): HostEpisodeRef[] {
  let refs = episodeRefs.get(episodes);
  if (!refs) {
    refs = episodes.map(episodeRef);
    episodeRefs.set(episodes, refs);
  }
  return refs;
}

const finiteOrNull = (value: number) => (Number.isFinite(value) ? value : null);

/** The host's view of the player now (src/contract/embed/player-snapshot.ts). */
export function takeSnapshot({ view, ads, features, dataSaver = false }: SnapshotSources): PlayerSnapshot {
  if (view.status === 'loading') return dataSaver ? { ...EMPTY_SNAPSHOT, dataSaver } : EMPTY_SNAPSHOT;
  if (view.status === 'error') {
    return { ...EMPTY_SNAPSHOT, status: 'error', error: { code: view.error.code, message: view.message, id: view.error.id }, dataSaver };
  }
  const core: PlayerState = view.core.store.getState();
  const { episode, variant } = view.current;
  const subtitles = features?.textTracks.store.getState();
  const chosen = core.qualityChoice === 'auto' ? undefined : core.qualities.find((quality) => quality.index === core.qualityChoice);
  return {
    status: 'ready',
    contentId: view.content.id,
    title: view.content.title,
    currentTime: core.currentTime,
    duration: finiteOrNull(core.duration),
    paused: core.paused,
    ended: core.ended,
    seeking: core.seeking,
    buffering: core.waiting,
    volume: core.volume,
    muted: core.muted,
    rate: core.rate,
    quality: chosen ? chosen.height : 'auto',
    playingHeight: core.qualities.find((quality) => quality.index === core.qualityIndex)?.height ?? null,
    qualities: qualityHeights(core),
    audioTracks: core.audioTracks.map(({ index, label, language }) => ({ index, label, language })),
    audioTrack: core.audioTrackIndex,
    subtitles: subtitles ? subtitles.tracks.map(({ id, label, language }) => ({ id, label, language })) : [],
    subtitle: subtitles?.activeId ?? null,
    episode: episodeRef(episode),
    variant: variant ? { id: variant.id, title: variant.title } : null,
    variants: episode.episodeVariants.map(({ id, title }) => ({ id, title })),
    episodes: refsOf(view.episodes),
    fullscreen: features?.fullscreen.store.getState().active ?? false,
    ad: adBreakOnScreen(ads),
    error: null,
    dataSaver,
  };
}

/** The break whose ad is on screen; null while the film is, a break's list still loading included. */
function adBreakOnScreen(ads: AdState): HostAdBreak | null {
  if (!adOnScreen(ads)) return null;
  const { ad } = ads;
  return {
    breakType: ads.breakType ?? ad.type,
    podSize: ad.count,
    position: ad.position,
    label: 'Реклама',
    advertiser: ad.advertiser ?? null,
    erid: ad.erid ?? null,
  };
}

/** The heights on offer, highest first, each once (two bitrates of one height are one choice here). */
function qualityHeights(core: PlayerState): number[] {
  return [...new Set(core.qualities.map((quality) => quality.height))].sort((a, b) => b - a);
}
