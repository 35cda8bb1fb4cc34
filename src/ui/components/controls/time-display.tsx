import { useRef } from 'react';
import type { PlayerState } from '../../../core/player-state.ts';
import type { Store } from '../../../core/store.ts';
import { usePlayerState } from '../../hooks/use-player-state.ts';

/** 'H:MM:SS' from an hour on, else 'M:SS'; '0:00' for unknown times. */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * Current time / duration, re-rendered once a second at most (whole seconds), and not at all
 * while the controls are hidden (`active` false): the last value stays until they show again.
 */
export function TimeDisplay({ store, active }: { store: Store<PlayerState>; active: boolean }) {
  const last = useRef(0);
  const current = usePlayerState(store, (state) => (active ? Math.floor(state.currentTime) : last.current));
  last.current = current;
  const duration = usePlayerState(store, (state) => (Number.isFinite(state.duration) ? Math.floor(state.duration) : 0));
  return (
    <span className="time-display">
      <span>{formatClock(current)}</span> / <span>{formatClock(duration)}</span>
    </span>
  );
}
