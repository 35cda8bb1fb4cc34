import type { AudioTrack, Quality } from '../../../core/player-state.ts';
import { ru } from '../../i18n/ru.ts';
import { ruDecimal } from '../../i18n/ru-number.ts';
import { AUDIO_GAINS } from '../../../core/features/audio-gain.ts';
import { RATES } from '../../interaction/keyboard-shortcuts.ts';

/** The settings menu's panels (SPEC.md sections 2 and 4: main and its submenus). */
export type SettingsView = 'main' | 'quality' | 'playback-rate' | 'audio-tracks' | 'subs' | 'audio-boost';

/** A subtitle track as the menu offers it. */
export interface TextTrackChoice {
  id: string;
  label: string;
  language: string;
}

/** A mobile extra in the main panel (share, AirPlay, PiP, Cast; SPEC.md section 2). */
export interface ExtraAction {
  id: string;
  label: string;
  onSelect(): void;
}

/** Playback rates (1 is 'Обычная') and audio boost gains, shown as percentages (SPEC.md section 9). */
export { AUDIO_GAINS, RATES };

/** One radio item of a submenu: what choosing it passes back, and whether it is the current one. */
export interface Choice<T> {
  value: T;
  label: string;
  /** A secondary line (the bitrate, to tell equal heights apart). */
  detail?: string | undefined;
  checked: boolean;
}

/**
 * A yes-or-no setting of the main panel ('Всегда пропускать заставку', 'Экономия трафика'): its
 * line may say why it is as it is or what it did; `locked` when someone else decides.
 */
export interface SwitchRow {
  id: string;
  label: string;
  on: boolean;
  note?: string | undefined;
  locked?: boolean | undefined;
  onToggle(): void;
}

/** A main-panel row: a submenu with its current value, a switch, or a mobile extra action. */
export type MainRow =
  | { kind: 'submenu'; view: Exclude<SettingsView, 'main'>; label: string; value: string }
  | ({ kind: 'switch' } & SwitchRow)
  | { kind: 'action'; id: string; label: string; onSelect(): void };

/** The data saver as the menu shows it (src/app/data-saver). */
export interface DataSaverRowInput {
  on: boolean;
  reason: 'viewer' | 'save-data' | 'network' | 'host';
  /** Bytes its cap saved so far (the engine's estimate). */
  savedBytes: number;
  toggle(): void;
}

/**
 * 'Экономия трафика': on or off; its line says why when it turned itself on (Save-Data, a slow
 * network) or when the site decides, and what it saved once it saved anything.
 */
export function dataSaverRow(input: DataSaverRowInput): MainRow {
  const why = input.reason === 'host' ? ru.dataSaverByHost
    : !input.on ? undefined
    : input.reason === 'save-data' ? ru.dataSaverBySaveData
    : input.reason === 'network' ? ru.dataSaverBySlowNetwork
    : undefined;
  const saved = input.savedBytes >= 50_000 ? ru.dataSaved(input.savedBytes) : undefined;
  const note = [why, saved].filter(Boolean).join(' · ') || undefined;
  return { kind: 'switch', id: 'data-saver', label: ru.dataSaver, on: input.on, note, locked: input.reason === 'host', onToggle: () => input.toggle() };
}

/** What decides the main panel's rows. */
export interface MainRowsInput {
  qualities: readonly Quality[];
  qualityIndex: number;
  qualityChoice: number | 'auto';
  rate: number;
  audioTracks: readonly AudioTrack[];
  audioTrackIndex: number;
  textTracks: readonly TextTrackChoice[];
  activeTextTrackId: string | undefined;
  audioGain: number | undefined;
  compact: boolean;
  extras: readonly ExtraAction[];
  /** Switches, after the submenus, at every size. */
  switches?: readonly SwitchRow[] | undefined;
  /** The data saver's switch; absent where the player has none. */
  dataSaver?: DataSaverRowInput | undefined;
}

/** Rates and gains come from storage and arithmetic: compare them loosely. */
const same = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/** 'Обычная' for 1 (SPEC.md section 9), else the rate with a decimal comma and no trailing zeros ('0,25', '1,5', '2'). */
export function rateLabel(rate: number): string {
  return same(rate, 1) ? ru.normalSpeed : ruDecimal(rate);
}

/** The qualities, highest first (equal heights by bitrate), each '{height}p' with its bitrate. */
export function qualityOptions(qualities: readonly Quality[]): { index: number; label: string; detail: string }[] {
  return [...qualities]
    .sort((a, b) => b.height - a.height || b.bitrate - a.bitrate)
    .map((quality) => ({ index: quality.index, label: ru.qualityLabel(quality.height), detail: ru.bitrateLabel(quality.bitrate) }));
}

/**
 * The Качество row's value: 'Авто', 'Авто (480p)' with what Auto plays now, or the chosen '720p'
 * (from the moment it was chosen, though the picture changes at the next segment).
 */
export function qualitySummary(qualities: readonly Quality[], qualityIndex: number, choice: number | 'auto'): string {
  const chosen = choice === 'auto' ? undefined : qualities.find((quality) => quality.index === choice);
  if (chosen) return ru.qualityLabel(chosen.height);
  const playing = qualities.find((quality) => quality.index === qualityIndex);
  return playing ? `${ru.auto} (${ru.qualityLabel(playing.height)})` : ru.auto;
}

/** A track's name: its label, else its language, else its number. */
export function audioTrackLabel(track: AudioTrack, position: number): string {
  return track.label || track.language || String(position + 1);
}

/** The Субтитры row's value: the active track's label, else 'Выкл.'. */
export function textTrackSummary(tracks: readonly TextTrackChoice[], activeId: string | undefined): string {
  const active = activeId === undefined ? undefined : tracks.find((track) => track.id === activeId);
  return active ? active.label || active.language : ru.subtitlesOff;
}

/**
 * The main panel (SPEC.md section 2): Качество and Скорость always; Аудио only with several
 * tracks; Усиление звука only where supported; on mobile (`compact`) Субтитры when there are
 * subtitles, then the extras.
 */
export function mainRows(input: MainRowsInput): MainRow[] {
  const rows: MainRow[] = [
    { kind: 'submenu', view: 'quality', label: ru.quality, value: qualitySummary(input.qualities, input.qualityIndex, input.qualityChoice) },
    { kind: 'submenu', view: 'playback-rate', label: ru.speed, value: rateLabel(input.rate) },
  ];
  if (input.audioTracks.length > 1) {
    const position = input.audioTracks.findIndex((track) => track.index === input.audioTrackIndex);
    const current = input.audioTracks[position];
    rows.push({ kind: 'submenu', view: 'audio-tracks', label: ru.audio, value: current ? audioTrackLabel(current, position) : '' });
  }
  if (input.audioGain !== undefined) {
    rows.push({ kind: 'submenu', view: 'audio-boost', label: ru.audioBoost, value: ru.percent(input.audioGain) });
  }
  if (input.dataSaver) rows.push(dataSaverRow(input.dataSaver));
  for (const row of input.switches ?? []) rows.push({ kind: 'switch', ...row });
  if (!input.compact) return rows;
  if (input.textTracks.length > 0) {
    rows.push({ kind: 'submenu', view: 'subs', label: ru.subtitles, value: textTrackSummary(input.textTracks, input.activeTextTrackId) });
  }
  for (const extra of input.extras) rows.push({ kind: 'action', id: extra.id, label: extra.label, onSelect: () => extra.onSelect() });
  return rows;
}

/** Качество: 'Авто' first, then the qualities highest first; the checked one is the viewer's choice. */
export function qualityChoices(qualities: readonly Quality[], choice: number | 'auto'): Choice<number | 'auto'>[] {
  const known = qualities.some((quality) => quality.index === choice);
  return [
    { value: 'auto', label: ru.auto, checked: !known },
    ...qualityOptions(qualities).map((option) => ({ value: option.index, label: option.label, detail: option.detail, checked: option.index === choice })),
  ];
}

export function rateChoices(rate: number): Choice<number>[] {
  return RATES.map((value) => ({ value, label: rateLabel(value), checked: same(value, rate) }));
}

export function audioTrackChoices(tracks: readonly AudioTrack[], audioTrackIndex: number): Choice<number>[] {
  return tracks.map((track, position) => ({ value: track.index, label: audioTrackLabel(track, position), checked: track.index === audioTrackIndex }));
}

/** Субтитры: 'Выкл.' first, then the tracks. */
export function textTrackChoices(tracks: readonly TextTrackChoice[], activeId: string | undefined): Choice<string | undefined>[] {
  return [
    { value: undefined, label: ru.subtitlesOff, checked: activeId === undefined || !tracks.some((track) => track.id === activeId) },
    ...tracks.map((track) => ({ value: track.id, label: track.label || track.language, checked: track.id === activeId })),
  ];
}

export function audioGainChoices(gain: number | undefined): Choice<number>[] {
  return AUDIO_GAINS.map((value) => ({ value, label: ru.percent(value), checked: gain !== undefined && same(value, gain) }));
}

/** A submenu's title, shown after 'Назад' and naming its list. */
export function panelTitle(view: SettingsView): string {
  const titles: Record<SettingsView, string> = {
    main: ru.settings,
    quality: ru.quality,
    'playback-rate': ru.speed,
    'audio-tracks': ru.audio,
    subs: ru.subtitles,
    'audio-boost': ru.audioBoost,
  };
  return titles[view];
}

/**
 * Where focus goes for a navigation key among `count` items (wrapping); `current` is -1 when no
 * item has focus. Undefined for any other key, or with no items.
 */
export function nextFocusIndex(current: number, key: string, count: number): number | undefined {
  if (count <= 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** What a key does in the menu (the component performs it and stops the key there). */
export type MenuKeyAction =
  | { type: 'focus'; index: number }
  | { type: 'navigate'; view: SettingsView }
  | { type: 'close' };

/**
 * Keys of the settings menu: arrows, Home and End move focus; ArrowRight opens the focused row's
 * submenu (Enter and Space do it as a button's own click); ArrowLeft and Escape go back to the
 * main panel from a submenu; Escape on the main panel closes the menu.
 */
export function menuKeyAction(view: SettingsView, key: string, focusIndex: number, count: number, focusedSubmenu: SettingsView | undefined): MenuKeyAction | undefined {
  const index = nextFocusIndex(focusIndex, key, count);
  if (index !== undefined) return { type: 'focus', index };
  if (key === 'ArrowRight' && view === 'main' && focusedSubmenu) return { type: 'navigate', view: focusedSubmenu };
  if (view !== 'main' && (key === 'ArrowLeft' || key === 'Escape')) return { type: 'navigate', view: 'main' };
  if (view === 'main' && key === 'Escape') return { type: 'close' };
  return undefined;
}
