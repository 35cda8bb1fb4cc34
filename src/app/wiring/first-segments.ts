import type { WidgetConfig } from '../../config/widget-config.ts';
import type { BootData } from '../../contract/catalogue/boot-data.ts';
import { readPlaybackEnvironment } from '../../engine/playback-environment.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { favoriteAudioTrack, savedEpisodeVariant, sourcePreferences } from '../../storage/storage-records.ts';
import { prefetchFirstSegments } from '../../workers-client/engine-first-segments.ts';
import { preferredAudioTrack } from '../playback-memory.ts';
import { decideDataSaver } from '../../contract/data-saver.ts';
import { browserConnection } from '../data-saver/data-saver.ts';

export interface FirstSegmentsContext {
  config: WidgetConfig;
  contentId: number;
  boot: BootData;
  storage: MediaStorage;
  video: HTMLVideoElement;
  loggedIn: boolean;
}

/**
 * Starts the stream's first segments from the entry, before the engine's code has loaded, when
 * the app is sure what plays first: the custom engine (none other asked for, MediaSource at
 * hand), from 0 (no time code, no saved time for the source, no logged-in viewer whose time the
 * server may bring), the episode variant the document was built for (none saved for the
 * content), no request filters (the requests go out exactly as the engine would send them), and
 * no data saver (its cap lowers the level the engine starts at).
 * A preroll does not change it: the film's engine loads its first segment before the ad plays
 * either way. The URLs come from the server's table of first segments in the boot data, so no
 * playlist is parsed here (src/workers-client/engine-first-segments.ts).
 */
export function startFirstSegments({ config, contentId, boot, storage, video, loggedIn }: FirstSegmentsContext): void {
  const table = boot.firstSegments();
  const sure =
    table !== undefined &&
    (config.engine === undefined || config.engine === 'mse') &&
    config.requestFilters === undefined &&
    (config.timeCode ?? config.episodeTime) === undefined &&
    !loggedIn &&
    savedEpisodeVariant(storage, contentId) === undefined &&
    // With the data saver on the engine starts at its cap, which the table's rule does not know.
    !dataSaverOn(config, storage) &&
    readPlaybackEnvironment(video).mediaSource;
  if (!sure) return;
  prefetchFirstSegments({
    table,
    video,
    resumes: (src) => (sourcePreferences(storage, src)?.time ?? 0) > 0,
    audioTrack: (tracks) => preferredAudioTrack(tracks, favoriteAudioTrack(storage, contentId), config.voiceAuthor, config.langOrder),
  });
}

function dataSaverOn(config: WidgetConfig, storage: MediaStorage): boolean {
  const connection = browserConnection();
  return decideDataSaver({ host: config.dataSaver, viewer: storage.get('dataSaver'), browser: { saveData: connection?.saveData, effectiveType: connection?.effectiveType } }).on;
}
