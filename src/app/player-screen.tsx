import { useState, useSyncExternalStore } from 'react';
import type { PlayerCore } from '../core/player-core.ts';
import { EngineDebugPanel } from '../ui/components/engine-debug-panel.tsx';
import { MessageCard } from '../ui/components/message-card.tsx';
import { NextEpisodeCard } from '../ui/components/next-episode-card.tsx';
import { ResumePrompt } from '../ui/components/resume-prompt.tsx';
import { TopOverlay } from '../ui/components/top-overlay.tsx';
import { usePlayerState } from '../ui/hooks/use-player-state.ts';
import { ru } from '../ui/i18n/ru.ts';
import { newErrorId } from './app-errors.ts';
import type { PlayerApp, ReadyView } from './player-app.ts';
import { SharePanel } from './share-panel.tsx';
import { prefersNativeShare, shareNatively } from './share/native-share.ts';
import { describeShare, openShare, type ShareContext } from './share/share-flow.ts';
import { formatTimeCode } from './share/share-link.ts';
import { topOverlayModel } from './top-overlay-model.ts';

/** Where shared links point (SPEC.md section 5); undefined when sharing is off (SPEC.md section 6). */
export type ShareTarget = Pick<ShareContext, 'pageUrl' | 'fallbackUrls'>;

/**
 * Everything drawn over the video: the top overlay (title, season and episode pickers,
 * voice-over, 'Поделиться'), the resume window, the next-episode card, the share popup, the
 * engine's debug line, and the full-screen cards for load and playback errors.
 */
export function PlayerScreen({ app, share }: { app: PlayerApp; share: ShareTarget | undefined }) {
  const view = useSyncExternalStore(app.store.subscribe, () => app.store.getState().view);
  if (view.status === 'loading') return <div className="player__busy" aria-busy="true" aria-label={ru.loading} />;
  if (view.status === 'error') return <ErrorCard message={view.message} canReload={view.canReload} onReload={app.reload} />;
  return <ReadyScreen app={app} view={view} share={view.available ? share : undefined} />;
}

function ReadyScreen({ app, view, share }: { app: PlayerApp; view: ReadyView; share: ShareTarget | undefined }) {
  const [sharing, setSharing] = useState<ShareContext>();
  const model = topOverlayModel({ ...view, episode: view.current.episode, variant: view.current.variant });
  const { core, current, content, resumeAt, nextCard } = view;

  const onShare = share
    ? () => {
        const context: ShareContext = {
          ...share,
          ...(content.hasMultipleEpisodes ? { season: current.episode.season.order, episode: current.episode.order } : {}),
          currentTime: core.store.getState().currentTime,
        };
        const link = describeShare(context, false)?.link;
        if (!link) return;
        void openShare({
          pause: core.pause,
          preferNative: prefersNativeShare(),
          shareNatively: () => shareNatively(link, content.title),
          showPopup: () => setSharing(context),
        });
      }
    : undefined;

  return (
    <>
      <TopOverlay
        {...model}
        onSelectSeason={app.selectSeason}
        onSelectEpisode={app.selectEpisode}
        onSelectVariant={app.selectVariant}
        onShare={onShare}
      />
      {resumeAt !== undefined ? (
        <ResumePrompt timeLabel={formatTimeCode(resumeAt)} onContinue={app.continueWatching} onStartOver={app.startOver} />
      ) : null}
      {nextCard ? (
        <NextEpisodeCard
          placement="ended"
          order={nextCard.order}
          title={nextCard.title}
          description={nextCard.description}
          posterUrl={nextCard.posterPath ?? undefined}
          onWatch={app.watchNext}
        />
      ) : null}
      {sharing ? <SharePanel context={sharing} onClose={() => setSharing(undefined)} /> : null}
      <PlayerOverlay core={core} app={app} />
    </>
  );
}

function PlayerOverlay({ core, app }: { core: PlayerCore; app: PlayerApp }) {
  const error = usePlayerState(core.store, (state) => state.error);
  const [id] = useState(newErrorId);
  if (error) return <ErrorCard message={ru.genericError(id)} canReload onReload={app.reload} />;
  return <EngineDebugPanel store={core.store} onSelectQuality={app.selectQuality} onSelectAudioTrack={app.selectAudioTrack} />;
}

function ErrorCard({ message, canReload, onReload }: { message: string; canReload: boolean; onReload(): void }) {
  return <MessageCard text={message} action={canReload ? { label: ru.reloadPage, onClick: onReload } : undefined} />;
}
