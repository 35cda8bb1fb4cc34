import { useState, useSyncExternalStore } from 'react';
import { usePlayerState } from '../../hooks/use-player-state.ts';
import { useStore } from '../../hooks/use-store.ts';
import { ru } from '../../i18n/ru.ts';
import type { PlayerAction } from '../../interaction/keyboard-shortcuts.ts';
import { MENU_ROOT_ATTRIBUTE, type ActiveMenuStore } from '../../menus/active-menu.ts';
import { ControlButton } from './control-button.tsx';
import { playButtonLook } from './play-button-look.ts';
import type { ControlsHost } from './controls-host.ts';
import { useExtras } from '../../extras/extras-source.ts';
import { SeekBar } from './seek-bar.tsx';
import { SettingsControl } from './settings-control.tsx';
import { TimeDisplay } from './time-display.tsx';
import { VolumeControl } from './volume-control.tsx';

export interface ControlBarProps {
  host: ControlsHost;
  menus: ActiveMenuStore;
  /** The mobile layout (SPEC.md section 2). */
  compact: boolean;
  /** False while hidden: the seek bar then does no work. */
  active: boolean;
  perform(action: PlayerAction): void;
}

/** The desktop bar, or the mobile rows: the same controls, placed for a mouse or a thumb. */
export function ControlBar({ host, menus, compact, active, perform }: ControlBarProps) {
  const paused = usePlayerState(host.store, (state) => state.paused);
  const ended = usePlayerState(host.store, (state) => state.ended);
  const look = playButtonLook({ paused, ended });
  const fullscreen = useStore(host.fullscreen.store);
  const pip = useStore(host.pictureInPicture.store);
  const airPlay = useStore(host.airPlay.store);
  const cast = useStore(host.cast.store);
  const subtitles = useStore(host.textTracks.store);
  const [previewNext, setPreviewNext] = useState(false);
  // The hover card is in the UI extras' chunk, asked for when the pointer comes.
  const extras = useExtras(previewNext);

  const playButton = (
    <ControlButton label={look.label} icon={look.icon} onClick={() => perform({ type: 'toggle-play' })} />
  );
  const back = <ControlButton label={ru.back10} icon="back10" onClick={() => perform({ type: 'seek-by', seconds: -10 })} />;
  const forward = <ControlButton label={ru.forward10} icon="forward10" onClick={() => perform({ type: 'seek-by', seconds: 10 })} />;
  const seekBar = <SeekBar store={host.store} onSeek={host.seek} onPrefetch={host.prefetch} thumbnailAt={host.thumbnailAt} active={active} />;
  const volume = <VolumeControl store={host.store} setVolume={host.setVolume} setMuted={host.setMuted} onToggleMute={() => perform({ type: 'toggle-mute' })} />;
  const fullscreenButton = fullscreen.supported ? (
    <ControlButton
      label={fullscreen.active ? ru.exitFullscreen : ru.enterFullscreen}
      icon={fullscreen.active ? 'exitFullscreen' : 'fullscreen'}
      onClick={() => perform({ type: 'toggle-fullscreen' })}
    />
  ) : null;
  const settings = <SettingsControl host={host} menus={menus} compact={compact} />;

  if (compact) {
    return (
      <div className="control-bar control-bar--compact">
        <div className="control-bar__top">{settings}</div>
        <div className="control-bar__centre">
          {back}
          <div className="control-bar__centre-play">{playButton}</div>
          {forward}
        </div>
        <div className="control-bar__bottom">
          {volume}
          {seekBar}
          <TimeDisplay store={host.store} active={active} />
          {fullscreenButton}
        </div>
      </div>
    );
  }

  const next = host.nextEpisode;
  return (
    <div className="control-bar">
      {seekBar}
      <div className="control-bar__row">
        {playButton}
        {back}
        {forward}
        {next ? (
          // While the hover card shows, it names what the button does: the tooltip stays away (controls.css).
          <div className={`control-bar__next${previewNext && extras ? ' control-bar__next--previewing' : ''}`} onPointerEnter={() => setPreviewNext(true)} onPointerLeave={() => setPreviewNext(false)}>
            <ControlButton label={ru.nextEpisodeButton} icon="next" onClick={() => perform({ type: 'next-episode' })} />
            {previewNext && extras ? (
              <div className="control-bar__next-preview">
                <extras.NextEpisodeCard placement="preview" {...next} onWatch={() => perform({ type: 'next-episode' })} />
              </div>
            ) : null}
          </div>
        ) : null}
        {volume}
        <TimeDisplay store={host.store} active={active} />
        <span className="control-bar__spacer" />
        {airPlay.available ? <ControlButton label={ru.airplay} icon="airplay" onClick={host.airPlay.pick} /> : null}
        {settings}
        {subtitles.tracks.length > 0 ? <SubtitlesButton menus={menus} on={subtitles.activeId !== undefined} /> : null}
        {pip.supported ? (
          <ControlButton label={ru.pictureInPicture} icon="pip" aria-pressed={pip.active} onClick={() => perform({ type: 'toggle-pip' })} />
        ) : null}
        {cast.available ? <ControlButton label={ru.googleCast} icon="cast" onClick={host.cast.pick} /> : null}
        {fullscreenButton}
      </div>
    </div>
  );
}

/**
 * 'Субтитры' on the desktop bar: opens the settings menu at its subs submenu (every track and
 * 'Выкл.', SPEC.md section 2), whose back arrow leads to the main panel. Lit while a track shows.
 */
function SubtitlesButton({ menus, on }: { menus: ActiveMenuStore; on: boolean }) {
  const open = useSyncExternalStore(menus.subscribe, () => menus.getState().menu === 'subs');
  return (
    <span className="subtitles-control" {...{ [MENU_ROOT_ATTRIBUTE]: '' }}>
      <ControlButton
        label={ru.subtitles}
        icon="subtitles"
        className={on ? 'control-button--on' : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => menus.update({ menu: open ? 'none' : 'subs' })}
      />
    </span>
  );
}
