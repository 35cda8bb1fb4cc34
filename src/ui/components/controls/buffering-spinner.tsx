import { useEffect, useState } from 'react';
import type { PlayerState } from '../../../core/player-state.ts';
import type { Store } from '../../../core/store.ts';
import { usePlayerState } from '../../hooks/use-player-state.ts';
import { ru } from '../../i18n/ru.ts';

/** SPEC.md section 9: the spinner shows only after 300 ms of waiting, so short stalls do not flash it. */
export const WAITING_DELAY_MS = 300;

export function BufferingSpinner({ store }: { store: Store<PlayerState> }) {
  const waiting = usePlayerState(store, (state) => state.waiting && !state.paused);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!waiting) return setShown(false);
    const timer = setTimeout(() => setShown(true), WAITING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return shown ? <div className="controls__spinner" role="progressbar" aria-label={ru.loading} /> : null;
}
