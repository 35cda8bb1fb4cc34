import type { BufferBytes } from '../../contract/media/device-buffer-limits.ts';
import type { PlayerState } from '../../core/player-state.ts';
import type { Store } from '../../core/store.ts';
import { usePlayerState } from '../hooks/use-player-state.ts';
import { useSampledPlayerState } from '../hooks/use-sampled-player-state.ts';
import { ru } from '../i18n/ru.ts';

/**
 * The engine's statistics (engine, rendition, stream type, buffer, thumbnails, bandwidth, the
 * buffers' bytes against their bounds) for
 * engineers and tests, shown with the `debug` query parameter. Choices live in the settings menu.
 * The buffer and the bandwidth, which move many times a second (a seek moves the buffer), are
 * read four times a second at most: the line must not add a render to a seek's path.
 */
const STATISTICS_PERIOD_MS = 250;

export function EngineDebugPanel({ store }: { store: Store<PlayerState> }) {
  const engine = usePlayerState(store, (state) => state.engine);
  const rendition = usePlayerState(store, (state) => state.rendition);
  const bufferedAhead = useSampledPlayerState(store, (state) => Math.round(state.bufferedAhead * 10) / 10, STATISTICS_PERIOD_MS);
  const bandwidth = useSampledPlayerState(store, (state) => state.bandwidthBps, STATISTICS_PERIOD_MS);
  const streamType = usePlayerState(store, (state) => state.streamType);
  const thumbnailsReady = usePlayerState(store, (state) => state.thumbnailsReady);
  // Every change, not sampled: it moves once per append or removal, and tests read each value.
  const bytes = usePlayerState(store, (state) => state.bufferBytes);

  return (
    <div className="engine-debug" data-testid="engine-debug">
      <span data-testid="engine">{engine ?? '—'}</span>
      <span data-testid="rendition">{rendition ?? '—'}</span>
      <span data-testid="stream-type">{streamType}</span>
      <span>буфер {bufferedAhead} с</span>
      <span data-testid="thumbnails">{thumbnailsReady ? 'миниатюры' : 'без миниатюр'}</span>
      <span>{bandwidth ? ru.bitrateLabel(bandwidth) : '—'}</span>
      {bytes ? <BufferBytesLine bytes={bytes} /> : null}
    </div>
  );
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1).replace('.', ',');

/** Held ahead + behind the playhead, and the bounds; the exact figures in data attributes for tests. */
function BufferBytesLine({ bytes }: { bytes: BufferBytes }) {
  return (
    <span
      data-testid="buffer-bytes"
      data-video={bytes.video}
      data-audio={bytes.audio}
      data-ahead={bytes.ahead}
      data-behind={bytes.behind}
      data-limit-ahead={bytes.limitAhead}
      data-limit-behind={bytes.limitBehind}
    >
      {`${megabytes(bytes.ahead)} + ${megabytes(bytes.behind)} МБ из ${megabytes(bytes.limitAhead)} + ${megabytes(bytes.limitBehind)}`}
    </span>
  );
}
