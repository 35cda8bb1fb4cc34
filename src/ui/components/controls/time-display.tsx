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

/** Current time / duration, re-rendered once a second at most (whole seconds). */
export function TimeDisplay({ store }: { store: Store<PlayerState> }) {
  const current = usePlayerState(store, (state) => Math.floor(state.currentTime));
  const duration = usePlayerState(store, (state) => (Number.isFinite(state.duration) ? Math.floor(state.duration) : 0));
  return (
    <span className="time-display">
      <span>{formatClock(current)}</span> / <span>{formatClock(duration)}</span>
    </span>
  );
}
