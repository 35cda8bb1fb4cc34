import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createExtrasSource, ExtrasContext, useLoaded, type ExtrasSource } from '../ui/extras/extras-source.ts';
import { quietImport } from '../ui/loading/quiet-import.ts';
import type * as Extras from './ui-extras.tsx';
import type { PlayerCore } from '../core/player-core.ts';
import { PlayerControls } from '../ui/components/controls/player-controls.tsx';
import { MessageCard } from '../ui/components/message-card.tsx';
import { ResumePrompt } from '../ui/components/resume-prompt.tsx';
import { TopOverlay } from '../ui/components/top-overlay.tsx';
import { UnmutePrompt } from '../ui/components/unmute-prompt.tsx';
import { usePlayerState } from '../ui/hooks/use-player-state.ts';
import { ru } from '../ui/i18n/ru.ts';
import { ruErrors } from '../ui/i18n/ru-errors.ts';
import { closeMenusOnOutsidePointer, createActiveMenu } from '../ui/menus/active-menu.ts';
import { errorView } from './app-errors.ts';
import { connectMediaSession } from '../core/features/media-session.ts';
import { createControlsHost, createPlayerFeatures } from './wiring/controls-wiring.ts';
import { nextEpisode } from '../contract/catalogue/episode-choice.ts';
import type { HostBridge } from './host/host-bridge.ts';
import type { ReadyView } from './app-view.ts';
import type { PlayerApp } from './player-app.ts';
import { AdOverlay, type AdOverlayProps } from '../ui/components/ads/ad-overlay.tsx';
import { useStore } from '../ui/hooks/use-store.ts';
import type { AdState } from '../ads/ad-state.ts';
import { reportMenus } from './wiring/ui-reports.ts';
import { prefersNativeShare, shareNatively } from './share/native-share.ts';
import { describeShare, openShare, type ShareContext } from './share/share-flow.ts';
import { formatTimeCode } from './share/share-link.ts';
import { topOverlayModel } from './top-overlay-model.ts';
import { followIntroAndCredits, type IntroSkip } from './episode/intro-and-credits.ts';
import { SkipIntroButton } from '../ui/components/skip-intro-button.tsx';

/** Where shared links point (SPEC.md section 5); undefined when sharing is off (SPEC.md section 6). */
export type ShareTarget = Pick<ShareContext, 'pageUrl' | 'fallbackUrls'>;

export interface ScreenOptions {
  share: ShareTarget | undefined;
  /** The engine statistics line (query `debug`). */
  debug: boolean;
  bridge: HostBridge;
  fullscreenMode: 'native' | 'stretch';
  /** The configured Google Cast sender script, if any. */
  castSenderUrl: string | undefined;
  video: HTMLVideoElement;
  /** The film's buffer is safe (src/core/buffer-safe.ts): the menus' chunk may load now. */
  bufferSafe: Promise<void>;
}

/**
 * Everything drawn over the video: the controls with the top overlay (title, pickers,
 * 'Поделиться'), the resume window, the next-episode card, the share popup, and the
 * full-screen cards for load and playback errors.
 */
export function PlayerScreen({ app, options }: { app: PlayerApp; options: ScreenOptions }) {
  const view = useSyncExternalStore(app.store.subscribe, () => app.store.getState().view);
  // The extras' chunk: on first use, or once the film's buffer is safe, whichever comes first.
  const [extras] = useState(() => createExtrasSource(() => quietImport(() => import('./ui-extras.tsx'))));
  useEffect(() => void options.bufferSafe.then(extras.load), [options.bufferSafe, extras]);
  if (view.status === 'loading') return <div className="player__busy" aria-busy="true" aria-label={ru.loading} />;
  if (view.status === 'error') return <ErrorCard message={view.message} canReload={view.canReload} onReload={app.reload} />;
  return (
    <ExtrasContext.Provider value={extras}>
      <ReadyScreen app={app} view={view} options={options} extras={extras} />
    </ExtrasContext.Provider>
  );
}

function ReadyScreen({ app, view, options, extras }: { app: PlayerApp; view: ReadyView; options: ScreenOptions; extras: ExtrasSource<typeof Extras> }) {
  const { core, current, content, resumeAt, nextCard } = view;
  const adState = useStore(app.ads.store);
  const [sharing, setSharing] = useState<ShareContext>();
  const [menus] = useState(createActiveMenu);
  useEffect(() => closeMenusOnOutsidePointer(document, menus), [menus]);
  useEffect(() => reportMenus(menus, core.events), [menus, core]);
  const { video, bridge, fullscreenMode, castSenderUrl } = options;
  const features = useMemo(
    () =>
      createPlayerFeatures({
        video,
        element: video.parentElement ?? video,
        bridge,
        fullscreenMode,
        cast: { core, senderUrl: castSenderUrl, title: content.title, posterUrl: content.posterUrl || undefined },
        audioGainMemory: { saved: app.savedAudioGain, remember: app.rememberAudioGain },
      }),
    // One set per core: a reload makes a new core on the same element.
    [core, video, bridge, fullscreenMode, castSenderUrl, content, app],
  );
  useEffect(() => () => features.destroy(), [features]);
  const introSkip = useIntroAndCredits(app, core);

  const share = options.share && view.available ? options.share : undefined;
  const onShare = useMemo(() => {
    if (!share) return undefined;
    return () => {
      const context: ShareContext = {
        ...share,
        ...(content.hasMultipleEpisodes ? { season: current.episode.season.order, episode: current.episode.order } : {}),
        currentTime: core.store.getState().currentTime,
      };
      const link = describeShare(context, false)?.link;
      if (!link) return;
      core.events.emit('ui', { action: 'popup_open', popup: 'share' });
      void openShare({
        pause: core.pause,
        preferNative: prefersNativeShare(),
        shareNatively: () => shareNatively(link, content.title),
        // The time code is where the picture stopped: read after the pause, not at the click.
        showPopup: () => setSharing({ ...context, currentTime: video.currentTime }),
      });
    };
  }, [share, core, content, current.episode, video]);
  const next = view.available && content.hasMultipleEpisodes ? nextEpisode(view.episodes, current.episode) : undefined;
  const hasIntro = !!current.episode.intro;
  const host = useMemo(() => createControlsHost({ core, app, features, next, share: onShare, hasIntro }), [core, app, features, next, onShare, hasIntro]);
  const model = topOverlayModel({ ...view, episode: current.episode, variant: current.variant });
  useEffect(
    () =>
      connectMediaSession({
        session: 'mediaSession' in navigator ? navigator.mediaSession : undefined,
        createMetadata: typeof MediaMetadata === 'function' ? (init) => new MediaMetadata(init) : undefined,
        title: content.title,
        subtitle: model.episodeLine,
        artworkUrl: content.posterUrl || undefined,
        play: host.play,
        pause: host.pause,
        seek: host.seek,
        currentTime: () => core.store.getState().currentTime,
        next: host.nextEpisode ? host.playNextEpisode : undefined,
      }),
    [host, core, content, model.episodeLine],
  );
  const top = (
    <TopOverlay
      {...model}
      menus={menus}
      onSelectSeason={app.selectSeason}
      onSelectEpisode={app.selectEpisode}
      onSelectVariant={app.selectVariant}
      onShare={onShare}
    />
  );
  const prompt = resumeAt !== undefined || nextCard !== undefined;
  // The statistics line, the next-episode card and the share popup are drawn from the extras' chunk.
  const loaded = useLoaded(extras);
  const extrasDue = options.debug || nextCard !== undefined || sharing !== undefined;
  useEffect(() => {
    if (extrasDue) extras.load();
  }, [extrasDue, extras]);
  const adShowing = adState.phase === 'ready' && adState.ad !== undefined;
  const adLoading = adState.phase === 'load' && adState.loading;
  if (adShowing || adLoading) {
    // During an ad only the ad's overlay is drawn: the film's controls come back after it.
    return <AdOverlay {...adOverlayProps(adState, app.ads.commands)} />;
  }

  return (
    <>
      {/* A prompt over the video takes the controls' place (SPEC.md section 4: the card hides them). */}
      {prompt ? top : <PlayerControls host={host} menus={menus} top={top} corner={introSkip && <SkipIntroButton store={introSkip.store} onSkip={introSkip.skip} />} />}
      <UnmutePrompt core={core} />
      {options.debug && loaded ? <loaded.EngineDebugPanel store={core.store} /> : null}
      {resumeAt !== undefined ? (
        <ResumePrompt timeLabel={formatTimeCode(resumeAt)} onContinue={app.continueWatching} onStartOver={app.startOver} />
      ) : null}
      {nextCard && loaded ? (
        <loaded.NextEpisodeCard
          placement="ended"
          credits={nextCard.credits === true}
          order={nextCard.episode.order}
          title={nextCard.episode.title}
          description={nextCard.episode.description}
          posterUrl={nextCard.episode.posterPath ?? undefined}
          secondsLeft={nextCard.secondsLeft}
          onWatch={app.watchNext}
          onDismiss={app.dismissNext}
        />
      ) : null}
      {sharing && loaded ? <loaded.SharePanel context={sharing} onClose={() => setSharing(undefined)} /> : null}
      <PlaybackError core={core} onReload={app.reload} />
    </>
  );
}

/** The episode's intro and credits followed for this core (its events end with it). */
function useIntroAndCredits(app: PlayerApp, core: PlayerCore): IntroSkip | undefined {
  const [introSkip, setIntroSkip] = useState<IntroSkip>();
  useEffect(() => {
    const life = new AbortController();
    setIntroSkip(followIntroAndCredits(app, core, life.signal));
    return () => life.abort();
  }, [app, core]);
  return introSkip;
}

/** A fatal playback error covers everything with its message (the generic one, with the id it is logged with). */
function PlaybackError({ core, onReload }: { core: PlayerCore; onReload(): void }) {
  const error = usePlayerState(core.store, (state) => state.error);
  const view = useMemo(() => (error ? errorView(error) : undefined), [error]);
  return view ? <ErrorCard message={view.message} canReload={view.canReload} onReload={onReload} /> : null;
}

function ErrorCard({ message, canReload, onReload }: { message: string; canReload: boolean; onReload(): void }) {
  return <MessageCard text={message} action={canReload ? { label: ruErrors.reloadPage, onClick: onReload } : undefined} />;
}

/** The ad store as the overlay shows it. */
function adOverlayProps(state: AdState, commands: PlayerApp['ads']['commands']): AdOverlayProps {
  const ad = state.ad;
  return {
    showing: state.phase === 'ready' && ad !== undefined,
    loading: state.loading,
    isPlaying: state.isPlaying,
    canSkip: state.canSkip,
    skipIn: state.skipAt === undefined ? undefined : Math.max(0, Math.ceil(state.skipAt - state.currentTime)),
    remaining: state.remaining,
    volume: state.volume,
    muted: state.muted,
    advertiser: ad?.advertiser,
    erid: ad?.erid,
    clickThrough: ad?.clickThrough,
    position: ad?.position ?? 1,
    count: ad?.count ?? 1,
    onTogglePlay: commands.togglePlay,
    onVolume: commands.setVolume,
    onToggleMute: commands.toggleMute,
    onSkip: commands.skip,
    onClickThrough: commands.clickThrough,
  };
}
