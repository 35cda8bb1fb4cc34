import { useSyncExternalStore, type SyntheticEvent } from 'react';
import type { Store } from '../../core/store.ts';
import { ru } from '../i18n/ru.ts';
import '../styles/skip-intro.css';

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * 'Пропустить заставку', bottom right above the controls while the playhead is inside the
 * episode's intro. It stays through the whole intro even when the controls hide, as Netflix's
 * does: the intro is a few seconds long, and a viewer who looked away must still find the way out
 * of it with one tap; it sits above the seek bar, never over it. The controls' own shortcuts are
 * not its business: its clicks stop here, so a click never also pauses the film below.
 */
export function SkipIntroButton({ store, onSkip }: { store: Store<{ skipTo: number | undefined }>; onSkip(): void }) {
  const skipTo = useSyncExternalStore(store.subscribe, () => store.getState().skipTo);
  // A polite live region: a screen reader says the button when it comes.
  return <div aria-live="polite">{skipTo === undefined ? null : (
    <button
      type="button"
      className="skip-intro"
      aria-label={ru.skipIntro}
      onClick={(event) => {
        stop(event);
        onSkip();
      }}
      onPointerDown={stop}
      onPointerUp={stop}
      onDoubleClick={stop}
    >
      {ru.skip}
      <span className="skip-intro__more">{ru.skipIntroMore}</span>
      <svg className="skip-intro__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M5 5.5v13l9-6.5zm10 0v13h2.5v-13z" fill="currentColor" />
      </svg>
    </button>
  )}</div>;
}
