import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { AudioTrack, Quality } from '../../../core/player-state.ts';
import { ru } from '../../i18n/ru.ts';
import {
  audioGainChoices,
  audioTrackChoices,
  mainRows,
  menuKeyAction,
  panelTitle,
  qualityChoices,
  rateChoices,
  textTrackChoices,
  type Choice,
  type DataSaverRowInput,
  type ExtraAction,
  type SettingsView,
  type SwitchRow,
  type TextTrackChoice,
} from './settings-model.ts';
import { useScrollEdges } from '../../hooks/use-scroll-edges.ts';
import '../../styles/settings-menu.css';

export type { ExtraAction, SettingsView, SwitchRow, TextTrackChoice };

export interface SettingsMenuProps {
  /** Which panel is shown; the parent keeps the one-active-menu state (SPEC.md section 4). */
  view: SettingsView;
  /** Opens a submenu, or goes back to 'main' ('Назад', Escape, ArrowLeft). */
  onNavigate(view: SettingsView): void;
  /** A submenu's item was chosen: the parent goes back to 'main' or closes the menu. */
  onChosen(): void;
  /** Escape on the main panel. Clicks outside are the parent's to catch (SPEC.md section 2). */
  onClose(): void;
  qualities: readonly Quality[];
  /** The engine's index (`Quality.index`) of the quality playing now, -1 if unknown. */
  qualityIndex: number;
  /** The viewer's choice as the engine took it: 'auto' or an engine index. */
  qualityChoice: number | 'auto';
  /** An engine index (`Quality.index`), or 'auto'. */
  onSelectQuality(choice: number | 'auto'): void;
  rate: number;
  onSelectRate(rate: number): void;
  audioTracks: readonly AudioTrack[];
  /** The engine's index (`AudioTrack.index`) of the current track. */
  audioTrackIndex: number;
  onSelectAudioTrack(index: number): void;
  /** Shown in the main panel only when `compact` (mobile); on desktop subtitles have their own button. */
  textTracks: readonly TextTrackChoice[];
  activeTextTrackId: string | undefined;
  /** A track id, or undefined for 'Выкл.'. */
  onSelectTextTrack(id: string | undefined): void;
  /** undefined: audio boost unsupported here, so the row is hidden. */
  audioGain: number | undefined;
  onSelectAudioGain(gain: number): void;
  /** Mobile layout: adds Субтитры and the extras to the main panel. */
  compact: boolean;
  /** Mobile extras (share, AirPlay, PiP, Cast); the menu stays as it is, the action decides. */
  extras: readonly ExtraAction[];
  /** Yes-or-no settings ('Всегда пропускать заставку'); a press switches and the menu stays open. */
  switches?: readonly SwitchRow[] | undefined;
  /** 'Экономия трафика': a switch in the main panel; absent, no row. */
  dataSaver?: DataSaverRowInput | undefined;
}

interface RadioItem {
  label: string;
  detail?: string | undefined;
  checked: boolean;
  select(): void;
}

const bind = <T,>(choices: Choice<T>[], select: (value: T) => void): RadioItem[] =>
  choices.map((choice) => ({ ...choice, select: () => select(choice.value) }));

function submenuItems(props: SettingsMenuProps): RadioItem[] {
  switch (props.view) {
    case 'quality':
      return bind(qualityChoices(props.qualities, props.qualityChoice), props.onSelectQuality);
    case 'playback-rate':
      return bind(rateChoices(props.rate), props.onSelectRate);
    case 'audio-tracks':
      return bind(audioTrackChoices(props.audioTracks, props.audioTrackIndex), props.onSelectAudioTrack);
    case 'subs':
      return bind(textTrackChoices(props.textTracks, props.activeTextTrackId), props.onSelectTextTrack);
    case 'audio-boost':
      return bind(audioGainChoices(props.audioGain), props.onSelectAudioGain);
    default:
      return [];
  }
}

const ITEMS = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

/**
 * The settings menu (SPEC.md section 2): a main panel of rows with their current values, and
 * radio submenus with 'Назад'. A choice applies at once; the parent decides where the menu goes
 * next (onChosen). Keys stop here, so the player's shortcuts do not fire.
 */
export function SettingsMenu(props: SettingsMenuProps) {
  const { view, onNavigate, onClose } = props;
  const list = useRef<HTMLDivElement>(null);
  const shownView = useRef(view);
  useScrollEdges(list, view);

  // On opening a panel focus goes to its checked item, or back to the row of the submenu just
  // left, else the first item; without scrolling the page around the frame.
  useEffect(() => {
    const from = shownView.current;
    shownView.current = view;
    const root = list.current;
    if (!root) return;
    const target =
      (view === 'main' && from !== 'main' ? root.querySelector<HTMLElement>(`[data-view="${from}"]`) : null) ??
      root.querySelector<HTMLElement>('[aria-checked="true"]') ??
      root.querySelector<HTMLElement>(ITEMS);
    target?.focus({ preventScroll: true });
  }, [view]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter and Space are the buttons' own clicks; they only must not reach the shortcuts.
    if (event.key === 'Enter' || event.key === ' ') {
      event.stopPropagation();
      return;
    }
    const items = Array.from(list.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
    const focused = event.target as HTMLElement;
    const submenu = focused.dataset?.view as SettingsView | undefined;
    const action = menuKeyAction(view, event.key, items.indexOf(focused), items.length, submenu);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    if (action.type === 'focus') items[action.index]?.focus();
    else if (action.type === 'navigate') onNavigate(action.view);
    else onClose();
  };

  return (
    // Clicks and double clicks inside must not toggle playback or fullscreen on the video below.
    <div className="settings-menu" onKeyDown={onKeyDown} onClick={(event) => event.stopPropagation()} onDoubleClick={(event) => event.stopPropagation()}>
      {view === 'main' ? <MainPanel {...props} listRef={list} /> : <Submenu {...props} listRef={list} />}
    </div>
  );
}

type PanelProps = SettingsMenuProps & { listRef: RefObject<HTMLDivElement | null> };

function MainPanel({ listRef, onNavigate, ...input }: PanelProps) {
  return (
    <div ref={listRef} className="settings-menu__list" role="menu" aria-label={ru.settings}>
      {mainRows(input).map((row) =>
        row.kind === 'submenu' ? (
          <button key={row.view} type="button" role="menuitem" tabIndex={-1} aria-haspopup="menu" data-view={row.view} className="settings-menu__row" onClick={() => onNavigate(row.view)}>
            <span className="settings-menu__name">{row.label}</span>{' '}
            <span className="settings-menu__value">{row.value}</span>
            <span className="settings-menu__chevron" aria-hidden="true">›</span>
          </button>
        ) : row.kind === 'switch' ? (
          // A switch stays in the menu when flipped: its line then says what changed.
          <button key={`switch-${row.id}`} type="button" role="menuitemcheckbox" tabIndex={-1} aria-checked={row.on} aria-disabled={row.locked || undefined} className="settings-menu__row" data-switch={row.id} onClick={() => !row.locked && row.onToggle()}>
            <span className="settings-menu__name">
              {row.label}
              {row.note ? <span className="settings-menu__detail">{row.note}</span> : null}
            </span>{' '}
            <span className="settings-menu__value">{row.on ? ru.switchOn : ru.switchOff}</span>
          </button>
        ) : (
          <button key={`extra-${row.id}`} type="button" role="menuitem" tabIndex={-1} className="settings-menu__row" data-action={row.id} onClick={row.onSelect}>
            <span className="settings-menu__name">{row.label}</span>
          </button>
        ),
      )}
    </div>
  );
}

function Submenu({ listRef, ...props }: PanelProps) {
  const title = panelTitle(props.view);
  return (
    <>
      <div className="settings-menu__header">
        <button type="button" className="settings-menu__back" aria-label={ru.back} onClick={() => props.onNavigate('main')}>
          <span aria-hidden="true">‹</span>
        </button>
        <span className="settings-menu__title">{title}</span>
      </div>
      <div ref={listRef} className="settings-menu__list" role="menu" aria-label={title}>
        {submenuItems(props).map((item, position) => (
          <button
            key={position}
            type="button"
            role="menuitemradio"
            tabIndex={-1}
            aria-checked={item.checked}
            className="settings-menu__row settings-menu__option"
            onClick={() => {
              item.select();
              props.onChosen();
            }}
          >
            <span className="settings-menu__check" aria-hidden="true">{item.checked ? '✓' : ''}</span>
            <span className="settings-menu__name">
              {item.label}
              {item.detail ? ' ' : null}
              {item.detail ? <span className="settings-menu__detail">{item.detail}</span> : null}
            </span>
          </button>
        ))}
      </div>
    </>
  );
}
