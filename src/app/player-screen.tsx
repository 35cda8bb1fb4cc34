import { useState, useSyncExternalStore } from 'react';
import type { PlayerCore } from '../core/player-core.ts';
import { EngineDebugPanel } from '../ui/components/engine-debug-panel.tsx';
import { MessageCard } from '../ui/components/message-card.tsx';
import { TopOverlay } from '../ui/components/top-overlay.tsx';
import { usePlayerState } from '../ui/hooks/use-player-state.ts';
import { ru } from '../ui/i18n/ru.ts';
import { newErrorId, type PlayerApp } from './player-app.ts';
import { topOverlayModel } from './top-overlay-model.ts';

/**
 * Everything drawn over the video: the top overlay (title, season and episode pickers,
 * voice-over), the engine's debug line, and the full-screen cards for load and playback errors.
 */
export function PlayerScreen({ app }: { app: PlayerApp }) {
  const view = useSyncExternalStore(app.store.subscribe, () => app.store.getState().view);
  if (view.status === 'loading') return <div className="player__busy" aria-busy="true" aria-label={ru.loading} />;
  if (view.status === 'error') return <ErrorCard message={view.message} canReload={view.canReload} />;
  const model = topOverlayModel({ ...view, episode: view.current.episode, variant: view.current.variant });
  return (
    <>
      <TopOverlay
        {...model}
        onSelectSeason={app.selectSeason}
        onSelectEpisode={app.selectEpisode}
        onSelectVariant={app.selectVariant}
        onShare={undefined}
      />
      <PlayerOverlay core={view.core} />
    </>
  );
}

function PlayerOverlay({ core }: { core: PlayerCore }) {
  const error = usePlayerState(core.store, (state) => state.error);
  const [id] = useState(newErrorId);
  if (error) return <ErrorCard message={ru.genericError(id)} canReload />;
  return <EngineDebugPanel store={core.store} onSelectQuality={core.setQuality} onSelectAudioTrack={core.setAudioTrack} />;
}

function ErrorCard({ message, canReload }: { message: string; canReload: boolean }) {
  const action = canReload ? { label: ru.reloadPage, onClick: () => window.location.reload() } : undefined;
  return <MessageCard text={message} action={action} />;
}
