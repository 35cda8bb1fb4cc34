import { useSyncExternalStore } from 'react';
import { MENU_ROOT_ATTRIBUTE, type ActiveMenu, type ActiveMenuStore } from '../menus/active-menu.ts';
import { ru } from '../i18n/ru.ts';
import type { PickerOption } from './picker-list.tsx';
import { PickerMenu } from './picker-menu.tsx';

/** A picker's data: its choices and the current one. */
export interface PickerModel {
  options: readonly PickerOption[];
  selectedId: number | undefined;
  /** The button's text. */
  label: string;
}

export interface TopOverlayProps {
  title: string;
  /** '{season} сезон, {episode} серия.' and the episode title, for multi-episode content. */
  episodeLine: string | undefined;
  /** Present only with more than one season / episode / voice-over (SPEC.md section 2). */
  seasons: PickerModel | undefined;
  episodes: PickerModel | undefined;
  variants: PickerModel | undefined;
  onSelectSeason(id: number): void;
  onSelectEpisode(id: number): void;
  onSelectVariant(id: number): void;
  /** Present when sharing is enabled. */
  onShare: (() => void) | undefined;
  /** The one open menu of the whole player (SPEC.md section 4); a click outside closes it. */
  menus: ActiveMenuStore;
}

type OverlayMenu = Extract<ActiveMenu, 'seasons' | 'episodes' | 'variants-episode'>;

/** The title, the season and episode line, their pickers, the voice-over picker and 'Поделиться'. */
export function TopOverlay(props: TopOverlayProps) {
  const openMenu = useSyncExternalStore(props.menus.subscribe, () => props.menus.getState().menu);

  const picker = (name: OverlayMenu, menuName: string, model: PickerModel | undefined, onSelect: (id: number) => void) =>
    model ? (
      <PickerMenu
        className={`picker--${name}`}
        label={model.label}
        menuName={menuName}
        options={model.options}
        selectedId={model.selectedId}
        open={openMenu === name}
        onOpenChange={(open) => props.menus.update({ menu: open ? name : 'none' })}
        onSelect={onSelect}
      />
    ) : null;

  return (
    <div className="top-overlay" {...{ [MENU_ROOT_ATTRIBUTE]: '' }}>
      <h1 className="top-overlay__title">{props.title}</h1>
      {props.episodeLine ? <p className="top-overlay__episode" data-testid="episode-line">{props.episodeLine}</p> : null}
      <div className="top-overlay__pickers">
        {picker('seasons', ru.seasons, props.seasons, props.onSelectSeason)}
        {picker('episodes', ru.episodes, props.episodes, props.onSelectEpisode)}
        {picker('variants-episode', ru.voiceOvers, props.variants, props.onSelectVariant)}
        {props.onShare ? (
          <button type="button" className="picker__button top-overlay__share" onClick={props.onShare}>
            {ru.share}
          </button>
        ) : null}
      </div>
    </div>
  );
}
