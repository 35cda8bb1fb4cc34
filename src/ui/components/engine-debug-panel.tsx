import type { PlayerState } from '../../core/player-state.ts';
import type { Store } from '../../core/store.ts';
import { usePlayerState } from '../hooks/use-player-state.ts';

export interface EngineDebugPanelProps {
  store: Store<PlayerState>;
  onSelectQuality(choice: number | 'auto'): void;
  onSelectAudioTrack(index: number): void;
}

/**
 * A line of engine facts (engine, rendition, buffer, bandwidth) with quality and audio choices,
 * until the controls bar lands. Engineers read it; tests drive it.
 */
export function EngineDebugPanel({ store, onSelectQuality, onSelectAudioTrack }: EngineDebugPanelProps) {
  const engine = usePlayerState(store, (state) => state.engine);
  const rendition = usePlayerState(store, (state) => state.rendition);
  const bufferedAhead = usePlayerState(store, (state) => Math.round(state.bufferedAhead * 10) / 10);
  const bandwidth = usePlayerState(store, (state) => state.bandwidthBps);
  const qualities = usePlayerState(store, (state) => state.qualities);
  const autoQuality = usePlayerState(store, (state) => state.autoQuality);
  const qualityIndex = usePlayerState(store, (state) => state.qualityIndex);
  const audioTracks = usePlayerState(store, (state) => state.audioTracks);
  const audioTrackIndex = usePlayerState(store, (state) => state.audioTrackIndex);
  const streamType = usePlayerState(store, (state) => state.streamType);
  const thumbnailsReady = usePlayerState(store, (state) => state.thumbnailsReady);

  return (
    <div className="engine-debug" data-testid="engine-debug">
      <span data-testid="engine">{engine ?? '—'}</span>
      <span data-testid="rendition">{rendition ?? '—'}</span>
      <span data-testid="stream-type">{streamType}</span>
      <span>буфер {bufferedAhead} с</span>
      <span data-testid="thumbnails">{thumbnailsReady ? 'миниатюры' : 'без миниатюр'}</span>
      <span>{bandwidth ? `${(bandwidth / 1e6).toFixed(2)} Мбит/с` : '—'}</span>
      {qualities.length > 1 ? (
        <label>
          Качество{' '}
          <select
            aria-label="Качество"
            value={autoQuality ? 'auto' : String(qualityIndex)}
            onChange={(event) => onSelectQuality(event.target.value === 'auto' ? 'auto' : Number(event.target.value))}
          >
            <option value="auto">Авто</option>
            {qualities.map((quality) => (
              <option key={quality.id} value={quality.index}>{`${quality.height}p`}</option>
            ))}
          </select>
        </label>
      ) : null}
      {audioTracks.length > 1 ? (
        <label>
          Аудио{' '}
          <select aria-label="Аудио" value={audioTrackIndex} onChange={(event) => onSelectAudioTrack(Number(event.target.value))}>
            {audioTracks.map((track) => (
              <option key={track.id} value={track.index}>{track.label}</option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
