import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { ru } from '../i18n/ru.ts';
import '../styles/next-episode-card.css';

export interface NextEpisodeCardProps {
  /** The next episode's order within its season: 'Эпизод N'. */
  order: number;
  title: string;
  /** Clamped to three lines. */
  description: string;
  /** Without one, or when it fails to load, a neutral placeholder shows. */
  posterUrl: string | undefined;
  /** 'Смотреть'. */
  onWatch(): void;
  /** Whole seconds until the next episode opens by itself: 'Начнётся через N с'. */
  secondsLeft?: number | undefined;
  /** 'Отмена': the viewer stays with the ended episode. Without it, no such button. */
  onDismiss?: (() => void) | undefined;
  /**
   * 'ended': a dialog centred over the player, with a backdrop, taking focus (the episode ended).
   * 'preview': a compact card the parent positions, e.g. above the next-episode button on hover.
   */
  placement: 'ended' | 'preview';
  /**
   * At the credits, the episode playing on behind it: the way out is 'Смотреть титры', and the
   * card does not take focus (a key the viewer presses for the film must not press 'Смотреть').
   */
  credits?: boolean;
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The next-episode card (SPEC.md section 2): 'Следующий эпизод', 'Эпизод N', the title, the
 * description, the poster (or a placeholder) and 'Смотреть'. Shown on hover of the next button
 * (desktop) and when the episode ends (SPEC.md section 4, Playback).
 */
export function NextEpisodeCard({ order, title, description, posterUrl, onWatch, secondsLeft, onDismiss, placement, credits = false }: NextEpisodeCardProps) {
  const headingId = useId();
  const watchRef = useRef<HTMLButtonElement>(null);
  // Remembers which URL failed, so a new poster URL gets its own chance.
  const [failedUrl, setFailedUrl] = useState<string | undefined>(undefined);
  const ended = placement === 'ended';
  const showPoster = posterUrl !== undefined && posterUrl !== failedUrl;

  useEffect(() => {
    // The player lives in an iframe: focusing must never scroll the host page.
    if (ended && !credits) watchRef.current?.focus({ preventScroll: true });
  }, [ended, credits]);

  // The ended dialog keeps every key from the player's shortcuts; the preview only Enter and
  // Space (they press 'Смотреть' natively), so the other shortcuts still work around it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (ended || event.key === 'Enter' || event.key === ' ') event.stopPropagation();
  };

  return (
    <div
      className={`next-episode-card next-episode-card--${placement}${credits ? ' next-episode-card--credits' : ''}`}
      onKeyDown={onKeyDown}
      onKeyUp={ended ? stop : undefined}
      onClick={stop}
      onDoubleClick={stop}
    >
      <div
        className={`next-episode-card__panel next-episode-card__panel--${placement}`}
        role={ended ? 'dialog' : 'group'}
        aria-labelledby={headingId}
      >
        <div className="next-episode-card__media">
          {showPoster ? (
            <img className="next-episode-card__poster" src={posterUrl} alt="" onError={() => setFailedUrl(posterUrl)} />
          ) : (
            <div className="next-episode-card__placeholder" aria-hidden="true">
              <svg className="next-episode-card__glyph" viewBox="0 0 48 48" width="40" height="40">
                <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M19 15.5v17l14-8.5z" fill="currentColor" />
              </svg>
            </div>
          )}
        </div>
        <div className="next-episode-card__body">
          {/* The text gives way in a low frame; the countdown and the buttons below it never do. */}
          <div className="next-episode-card__text">
            <h2 id={headingId} className="next-episode-card__heading">{ru.nextEpisode}</h2>
            <p className="next-episode-card__label">{ru.episodeLabel(order)}</p>
            <p className="next-episode-card__title">{title}</p>
            <p className="next-episode-card__description">{description}</p>
          </div>
          {secondsLeft !== undefined ? (
            <p className="next-episode-card__countdown" data-testid="next-episode-countdown">{ru.nextEpisodeIn(secondsLeft)}</p>
          ) : null}
          <div className="next-episode-card__actions">
            <button ref={watchRef} type="button" className="next-episode-card__watch" onClick={onWatch}>
              {ru.watch}
            </button>
            {onDismiss ? (
              <button type="button" className="next-episode-card__dismiss" onClick={onDismiss}>
                {credits ? ru.watchCredits : ru.cancel}
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
