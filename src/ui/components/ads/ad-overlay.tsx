import { ru } from '../../i18n/ru.ts';
import '../../styles/ad-overlay.css';

/** What the ad overlay shows: a view of the ad store, made by the app (the UI never reads src/ads). */
export interface AdOverlayProps {
  /** An ad is on screen (else only the spinner, while the break loads). */
  showing: boolean;
  loading: boolean;
  isPlaying: boolean;
  canSkip: boolean;
  /** Whole seconds until 'Пропустить' is enabled; undefined when the ad cannot be skipped. */
  skipIn: number | undefined;
  /** Whole seconds left in the ad. */
  remaining: number;
  volume: number;
  muted: boolean;
  advertiser: string | undefined;
  erid: string | undefined;
  clickThrough: string | undefined;
  position: number;
  count: number;
  onTogglePlay(): void;
  onVolume(volume: number): void;
  onToggleMute(): void;
  onSkip(): void;
  onClickThrough(): void;
}

/**
 * The ad overlay (SPEC.md section 2): play/pause bottom left, the volume button with its slider
 * next to it, 'Пропустить' with its countdown bottom right, the whole area a link to the
 * advertiser, and the Russian marking «Реклама» with the advertiser and erid on top.
 */
export function AdOverlay(props: AdOverlayProps) {
  if (!props.showing) {
    return props.loading ? <div className="ad-overlay ad-overlay--loading" role="status" aria-label={ru.loading}><span className="ad-overlay__spinner" /></div> : null;
  }
  const silent = props.muted || props.volume === 0;
  return (
    <div className="ad-overlay">
      {props.clickThrough ? (
        <a className="ad-overlay__click" href={props.clickThrough} target="_blank" rel="noopener noreferrer" aria-label={ru.adClickThrough} onClick={props.onClickThrough} />
      ) : null}
      <div className="ad-overlay__marking">
        <span className="ad-overlay__label">{ru.adLabel}</span>
        {props.advertiser ? <span className="ad-overlay__advertiser">{props.advertiser}</span> : null}
        {props.erid ? <span className="ad-overlay__erid">{ru.adEridLabel(props.erid)}</span> : null}
        {props.count > 1 ? <span className="ad-overlay__position">{ru.adPosition(props.position, props.count)}</span> : null}
      </div>
      {props.loading ? <span className="ad-overlay__spinner" role="status" aria-label={ru.loading} /> : null}
      <div className="ad-overlay__bar">
        <button type="button" className="ad-overlay__button" aria-label={props.isPlaying ? ru.adPause : ru.adPlay} onClick={props.onTogglePlay}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            {props.isPlaying ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" /> : <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />}
          </svg>
        </button>
        <div className="ad-overlay__volume">
          <button type="button" className="ad-overlay__button" aria-label={ru.adVolume} aria-pressed={silent} onClick={props.onToggleMute}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M4 9v6h4l5 5V4L8 9z" fill="currentColor" />
              {silent ? <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" /> : <path d="M16 8.5a5 5 0 0 1 0 7" stroke="currentColor" strokeWidth="2" fill="none" />}
            </svg>
          </button>
          <input
            className="ad-overlay__slider"
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={props.muted ? 0 : props.volume}
            aria-label={ru.adVolume}
            onChange={(event) => props.onVolume(Number(event.currentTarget.value))}
          />
        </div>
        <span className="ad-overlay__remaining">{formatSeconds(props.remaining)}</span>
        {props.skipIn !== undefined || props.canSkip ? (
          <button type="button" className="ad-overlay__skip" disabled={!props.canSkip} onClick={props.onSkip}>
            {props.canSkip ? ru.adSkip : ru.adSkipIn(props.skipIn ?? 0)}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
