import { useEffect, useRef, useState } from 'react';
import type { CatalogueClient } from '../api/catalogue-client.ts';
import { RequestError } from '../api/request-error.ts';
import type { WidgetConfig } from '../config/widget-config.ts';
import { createPlayerCore, type PlayerCore } from '../core/player-core.ts';
import { EngineDebugPanel } from '../ui/components/engine-debug-panel.tsx';
import { MessageCard } from '../ui/components/message-card.tsx';
import { PlayerView } from '../ui/components/player-view.tsx';
import { usePlayerState } from '../ui/hooks/use-player-state.ts';
import { ru } from '../ui/i18n/ru.ts';
import { loadFirstEpisode, ManifestLoadError, type FirstEpisode } from './load-first-episode.ts';

type LoadState = { status: 'loading' } | { status: 'loaded'; data: FirstEpisode } | { status: 'error'; message: string; canReload: boolean };

/**
 * The player page until the player app lands: the content's title and its first episode's
 * default source, played by the engine the core selects, with the engine's debug line.
 */
export interface MinimalPlayerProps {
  client: CatalogueClient;
  movieId: number;
  engine: WidgetConfig['engine'];
  dashLibraryUrl: WidgetConfig['dashLibraryUrl'];
}

export function MinimalPlayer({ client, movieId, engine, dashLibraryUrl }: MinimalPlayerProps) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [core, setCore] = useState<PlayerCore>();
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    loadFirstEpisode(client, movieId, abort.signal).then(
      (data) => setState({ status: 'loaded', data }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState(errorState(error));
      },
    );
    return () => abort.abort();
  }, [client, movieId]);

  const source = state.status === 'loaded' ? state.data.source : undefined;
  const thumbnailsUrl = state.status === 'loaded' ? state.data.thumbnailsUrl : undefined;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !source) return;
    const player = createPlayerCore({ video, preferEngine: engine, engineSettings: { dashLibraryUrl } });
    setCore(player);
    player.load(source).catch((error: unknown) => setState(errorState(error)));
    // The seek-bar preview matters once the viewer can scrub: its worker and file wait for the
    // first picture instead of competing with it.
    const lifetime = new AbortController();
    if (thumbnailsUrl) video.addEventListener('loadeddata', () => void player.loadThumbnails(thumbnailsUrl), { once: true, signal: lifetime.signal });
    return () => {
      lifetime.abort();
      player.destroy();
    };
  }, [source, engine, dashLibraryUrl, thumbnailsUrl]);

  if (state.status === 'loading') return <div className="player" aria-busy="true" aria-label={ru.loading} />;
  if (state.status === 'error') return <ErrorCard message={state.message} canReload={state.canReload} />;
  return (
    <PlayerView title={state.data.content.title} videoRef={videoRef} subtitles={state.data.subtitles}>
      {core ? <PlayerOverlay core={core} /> : null}
    </PlayerView>
  );
}

function PlayerOverlay({ core }: { core: PlayerCore }) {
  const error = usePlayerState(core.store, (state) => state.error);
  const [id] = useState(errorId);
  if (error) return <ErrorCard message={ru.genericError(id)} canReload />;
  return <EngineDebugPanel store={core.store} onSelectQuality={core.setQuality} onSelectAudioTrack={core.setAudioTrack} />;
}

function ErrorCard({ message, canReload }: { message: string; canReload: boolean }) {
  const action = canReload ? { label: ru.reloadPage, onClick: () => window.location.reload() } : undefined;
  return <MessageCard text={message} action={action} />;
}

/** Maps a failure to the viewer message of SPEC.md section 8. */
function errorState(error: unknown): LoadState {
  if (error instanceof ManifestLoadError) return { status: 'error', message: ru.manifestLoadFailed(error.url), canReload: false };
  if (error instanceof RequestError && error.status === 404) return { status: 'error', message: ru.contentNotAvailable, canReload: false };
  console.error(error);
  return { status: 'error', message: ru.genericError(errorId()), canReload: true };
}

function errorId(): string {
  return crypto.randomUUID().slice(0, 8);
}
