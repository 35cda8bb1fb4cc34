import { useEffect, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { PlayerState } from '../../../core/player-state.ts';
import type { Store } from '../../../core/store.ts';
import { usePlayerState } from '../../hooks/use-player-state.ts';
import { ru } from '../../i18n/ru.ts';
import { ControlButton } from './control-button.tsx';

export interface VolumeControlProps {
  store: Store<PlayerState>;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  /** The mute button: the same request as the m key. */
  onToggleMute(): void;
}

/**
 * The mute button and the volume slider beside it, revealed on hover or focus on devices that
 * hover (CSS); on touch the slider stays hidden and the device's own buttons set the volume.
 */
export function VolumeControl({ store, setVolume, setMuted, onToggleMute }: VolumeControlProps) {
  const volume = usePlayerState(store, (state) => state.volume);
  const muted = usePlayerState(store, (state) => state.muted);
  const silent = muted || volume === 0;
  // The slider moves at once; the store catches up when the element confirms (volumechange).
  const [moving, setMoving] = useState<number>();
  useEffect(() => setMoving(undefined), [volume, muted]);
  const shown = moving ?? (silent ? 0 : volume);
  return (
    <div className="volume-control">
      <ControlButton label={silent ? ru.unmute : ru.mute} icon={silent ? 'muted' : 'volume'} onClick={onToggleMute} />
      <input
        className="volume-control__slider"
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={shown}
        aria-label={ru.volume}
        aria-valuetext={`${Math.round(shown * 100)} %`}
        style={{ '--fill': `${shown * 100}%` } as CSSProperties}
        onChange={(event) => {
          const next = Number(event.currentTarget.value);
          setMoving(next);
          setVolume(next);
          if (muted && next > 0) setMuted(false);
        }}
        // The slider's own arrows must not also reach the player's volume shortcuts.
        onKeyDown={(event: KeyboardEvent) => event.stopPropagation()}
      />
    </div>
  );
}
