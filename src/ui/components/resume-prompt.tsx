import { useEffect, useId, useRef, type SyntheticEvent } from 'react';
import { ru } from '../i18n/ru.ts';
import '../styles/resume-prompt.css';

export interface ResumePromptProps {
  /** The saved position, 'H:MM:SS'. */
  timeLabel: string;
  /** 'Продолжить просмотр': seek to the saved time and play (SPEC.md section 4, Playback). */
  onContinue(): void;
  /** 'Начать сначала': play from the start. */
  onStartOver(): void;
}

/** Events that must not reach the player's own keyboard shortcuts and click / double-click gestures. */
const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The resume window (SPEC.md section 2): 'Вы остановились на H:MM:SS' with 'Продолжить просмотр'
 * and 'Начать сначала', over a dimmed but visible video. A non-modal dialog: focus moves to the
 * primary button, yet nothing keeps it inside.
 */
export function ResumePrompt({ timeLabel, onContinue, onStartOver }: ResumePromptProps) {
  const textId = useId();
  const continueRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The player lives in an iframe: focusing must never scroll the host page.
    continueRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    // Only propagation stops: Enter and Space still press the focused button natively.
    <div className="resume-prompt" onKeyDown={stop} onKeyUp={stop} onClick={stop} onDoubleClick={stop}>
      <div className="resume-prompt__panel" role="dialog" aria-labelledby={textId}>
        <p id={textId} className="resume-prompt__text">
          {ru.resumeAt(timeLabel)}
        </p>
        <div className="resume-prompt__actions">
          <button
            ref={continueRef}
            type="button"
            className="resume-prompt__button resume-prompt__button--primary"
            onClick={onContinue}
          >
            {ru.continueWatching}
          </button>
          <button type="button" className="resume-prompt__button" onClick={onStartOver}>
            {ru.startOver}
          </button>
        </div>
      </div>
    </div>
  );
}
