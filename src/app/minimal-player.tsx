import { useEffect, useRef, useState } from 'react';
import type { CatalogueClient } from '../api/catalogue-client.ts';
import { RequestError } from '../api/request-error.ts';
import { attachSource } from '../engine/attach-source.ts';
import { MessageCard } from '../ui/components/message-card.tsx';
import { PlayerView } from '../ui/components/player-view.tsx';
import { ru } from '../ui/i18n/ru.ts';
import { loadFirstEpisode, ManifestLoadError, type FirstEpisode } from './load-first-episode.ts';

type LoadState = { status: 'loading' } | { status: 'loaded'; data: FirstEpisode } | { status: 'error'; message: string; canReload: boolean };

/**
 * The player page until the engine and UI land: the content's title and its first episode's
 * default source in a <video>.
 */
export function MinimalPlayer({ client, movieId }: { client: CatalogueClient; movieId: number }) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
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
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !source) return;
    let destroyed = false;
    let attached: { destroy(): void } | undefined;
    const onFatalError = (message: string) => {
      if (!destroyed) setState(errorState(new Error(message)));
    };
    void attachSource(video, source, { onFatalError }).then((result) => {
      if (destroyed) result.destroy();
      else attached = result;
    }, onFatalError);
    return () => {
      destroyed = true;
      attached?.destroy();
    };
  }, [source]);

  if (state.status === 'loading') return <div className="player" aria-busy="true" aria-label={ru.loading} />;
  if (state.status === 'error') {
    const action = state.canReload ? { label: ru.reloadPage, onClick: () => window.location.reload() } : undefined;
    return <MessageCard text={state.message} action={action} />;
  }
  return <PlayerView title={state.data.content.title} videoRef={videoRef} />;
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
