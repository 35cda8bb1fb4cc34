import { useEffect, useRef, useState } from 'react';
import { ru } from '../i18n/ru.ts';
import { PickerMenu, type PickerOption } from './picker-menu.tsx';

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
}

type OpenMenu = 'seasons' | 'episodes' | 'variants-episode' | undefined;

/** The title, the season and episode line, their pickers, the voice-over picker and 'Поделиться'. */
export function TopOverlay(props: TopOverlayProps) {
  const [openMenu, setOpenMenu] = useState<OpenMenu>();
  const root = useRef<HTMLDivElement>(null);

  // A click outside closes the open menu (SPEC.md section 2).
  useEffect(() => {
    if (!openMenu) return;
    const close = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenMenu(undefined);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [openMenu]);

  const picker = (name: Exclude<OpenMenu, undefined>, menuName: string, model: PickerModel | undefined, onSelect: (id: number) => void) =>
    model ? (
      <PickerMenu
        label={model.label}
        menuName={menuName}
        options={model.options}
        selectedId={model.selectedId}
        open={openMenu === name}
        onOpenChange={(open) => setOpenMenu(open ? name : undefined)}
        onSelect={onSelect}
      />
    ) : null;

  return (
    <div ref={root} className="top-overlay">
      <h1 className="top-overlay__title">{props.title}</h1>
      {props.episodeLine ? <p className="top-overlay__episode" data-testid="episode-line">{props.episodeLine}</p> : null}
      <div className="top-overlay__pickers">
        {picker('seasons', ru.seasons, props.seasons, props.onSelectSeason)}
        {picker('episodes', ru.episodes, props.episodes, props.onSelectEpisode)}
        {picker('variants-episode', ru.voiceOvers, props.variants, props.onSelectVariant)}
        {props.onShare ? (
          <button type="button" className="picker__button" onClick={props.onShare}>
            {ru.share}
          </button>
        ) : null}
      </div>
    </div>
  );
}
