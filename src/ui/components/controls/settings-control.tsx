import { useEffect, useRef, useSyncExternalStore } from 'react';
import { usePlayerState } from '../../hooks/use-player-state.ts';
import { useStore } from '../../hooks/use-store.ts';
import { createStore } from '../../../core/store.ts';
import { ru } from '../../i18n/ru.ts';
import { MENU_ROOT_ATTRIBUTE, type ActiveMenu, type ActiveMenuStore } from '../../menus/active-menu.ts';
import { ControlButton } from './control-button.tsx';
import type { ControlsHost } from './controls-host.ts';
import type { ExtraAction, SettingsView, SwitchRow } from './settings-menu.tsx';
import { useExtras } from '../../extras/extras-source.ts';

const noSubscription = () => () => undefined;
/** A stand-in store where the player has no data saver (the row is then not shown). */
const NO_DATA_SAVER = createStore<{ dataSaver: boolean; reason: 'viewer' | 'save-data' | 'network' | 'host' }>({ dataSaver: false, reason: 'network' });

const SETTINGS_VIEWS: ReadonlySet<ActiveMenu> = new Set<SettingsView>(['main', 'quality', 'playback-rate', 'audio-tracks', 'subs', 'audio-boost']);

/** 'Настройки' and its menu, one of the player's menus (SPEC.md section 4: one active at a time). */
export function SettingsControl({ host, menus, compact }: { host: ControlsHost; menus: ActiveMenuStore; compact: boolean }) {
  const menu = useSyncExternalStore(menus.subscribe, () => menus.getState().menu);
  const open = SETTINGS_VIEWS.has(menu);
  const qualities = usePlayerState(host.store, (state) => state.qualities);
  const qualityIndex = usePlayerState(host.store, (state) => state.qualityIndex);
  const qualityChoice = usePlayerState(host.store, (state) => state.qualityChoice);
  const rate = usePlayerState(host.store, (state) => state.rate);
  const audioTracks = usePlayerState(host.store, (state) => state.audioTracks);
  const audioTrackIndex = usePlayerState(host.store, (state) => state.audioTrackIndex);
  const subtitles = useStore(host.textTracks.store);
  const gain = useStore(host.audioGain.store);
  const pip = useStore(host.pictureInPicture.store);
  const airPlay = useStore(host.airPlay.store);
  const cast = useStore(host.cast.store);
  const saver = useStore(host.dataSaver?.store ?? NO_DATA_SAVER);
  const savedBytes = usePlayerState(host.store, (state) => state.dataSavedBytes);
  const close = () => menus.update({ menu: 'none' });
  // Opened at the main panel, a choice goes back there, so several settings change in one visit;
  // a submenu opened by a button of its own (Субтитры) closes with the choice made there.
  const shownMain = useRef(false);
  useEffect(() => {
    if (!open) shownMain.current = false;
    else if (menu === 'main') shownMain.current = true;
  }, [open, menu]);
  const afterChoice = () => (shownMain.current ? menus.update({ menu: 'main' }) : close());
  const alwaysSkip = host.alwaysSkipIntro;
  const skipping = useSyncExternalStore(alwaysSkip?.subscribe ?? noSubscription, () => alwaysSkip?.get() ?? false);
  const switches: SwitchRow[] = alwaysSkip ? [{ id: 'always-skip-intro', label: ru.alwaysSkipIntro, on: skipping, onToggle: () => alwaysSkip.set(!skipping) }] : [];
  // The menu itself is in the UI extras' chunk, usually loaded by now (src/ui/extras).
  const loaded = useExtras(open);

  // On a phone the bar has no room for these buttons: they are rows of the menu (SPEC.md section 2).
  const extras: ExtraAction[] = [];
  if (compact) {
    const then = (run: () => unknown) => () => {
      close();
      void run();
    };
    if (host.share) extras.push({ id: 'share', label: ru.share, onSelect: then(host.share) });
    if (airPlay.available) extras.push({ id: 'airplay', label: ru.airplay, onSelect: then(host.airPlay.pick) });
    if (pip.supported) extras.push({ id: 'pip', label: ru.pictureInPicture, onSelect: then(host.pictureInPicture.toggle) });
    if (cast.available) extras.push({ id: 'cast', label: ru.googleCast, onSelect: then(host.cast.pick) });
  }

  return (
    <div className="settings-control" {...{ [MENU_ROOT_ATTRIBUTE]: '' }}>
      <ControlButton
        label={ru.settings}
        icon="settings"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => menus.update({ menu: open ? 'none' : 'main' })}
      />
      {open && loaded ? (
        <loaded.SettingsMenu
          view={menu as SettingsView}
          onNavigate={(view) => menus.update({ menu: view })}
          onChosen={afterChoice}
          onClose={close}
          qualities={qualities}
          qualityIndex={qualityIndex}
          qualityChoice={qualityChoice}
          onSelectQuality={host.selectQuality}
          rate={rate}
          onSelectRate={host.setRate}
          audioTracks={audioTracks}
          audioTrackIndex={audioTrackIndex}
          onSelectAudioTrack={host.selectAudioTrack}
          textTracks={subtitles.tracks}
          activeTextTrackId={subtitles.activeId}
          onSelectTextTrack={host.textTracks.select}
          audioGain={gain.supported ? gain.gain : undefined}
          onSelectAudioGain={host.audioGain.setGain}
          compact={compact}
          extras={extras}
          switches={switches}
          dataSaver={host.dataSaver && { on: saver.dataSaver, reason: saver.reason, savedBytes, toggle: () => host.dataSaver?.setByViewer(!saver.dataSaver) }}
        />
      ) : null}
    </div>
  );
}
