import type { Schedule } from './schedule.ts';

/** Controls hide after this much inactivity (SPEC.md sections 4 and 9). */
export const CONTROLS_HIDE_DELAY_MS = 2000;

/** Why the controls must stay up regardless of inactivity. */
export type ControlsHoldReason = 'paused' | 'menu' | 'focus' | 'preloading' | 'seeking-drag' | 'hover-controls';

export interface ControlsVisibilityOptions {
  /** Inactivity before hiding; default 2000 ms. */
  hideDelayMs?: number;
  schedule: Schedule;
  /** Called only when visibility really changes. */
  onChange(visible: boolean): void;
}

export interface ControlsVisibility {
  /** Pointer move, touch or key press: show the controls and restart the hide timer. */
  activity(): void;
  /** Turns one reason to keep the controls up on or off; while any is on they never hide. */
  hold(reason: ControlsHoldReason, on: boolean): void;
  /** Hides at once (touch toggle, pointer left the player) unless a hold is on. */
  hide(): void;
  readonly visible: boolean;
  /** Stops the timer; later calls do nothing. */
  destroy(): void;
}

/**
 * Auto-hide for the player controls (SPEC.md section 4: hide after 2000 ms of inactivity, never
 * while preloading). Starts visible with the timer running, as if the viewer had just acted.
 * Turning a hold on shows hidden controls (e.g. pausing with a key); releasing the last hold
 * restarts the full delay rather than hiding at once.
 */
export function createControlsVisibility(options: ControlsVisibilityOptions): ControlsVisibility {
  const delay = options.hideDelayMs ?? CONTROLS_HIDE_DELAY_MS;
  const holds = new Set<ControlsHoldReason>();
  let visible = true;
  let destroyed = false;
  let cancelTimer: (() => void) | undefined;

  const stopTimer = () => {
    cancelTimer?.();
    cancelTimer = undefined;
  };
  const setVisible = (next: boolean) => {
    if (visible === next) return;
    visible = next;
    options.onChange(next);
  };
  const startTimer = () => {
    stopTimer();
    if (holds.size > 0) return;
    cancelTimer = options.schedule(() => {
      cancelTimer = undefined;
      if (holds.size === 0) setVisible(false);
    }, delay);
  };

  startTimer();

  return {
    activity() {
      if (destroyed) return;
      setVisible(true);
      startTimer();
    },
    hold(reason, on) {
      if (destroyed || holds.has(reason) === on) return;
      if (on) {
        holds.add(reason);
        stopTimer();
        setVisible(true);
        return;
      }
      holds.delete(reason);
      if (holds.size === 0) startTimer();
    },
    hide() {
      if (destroyed || holds.size > 0) return;
      stopTimer();
      setVisible(false);
    },
    get visible() {
      return visible;
    },
    destroy() {
      destroyed = true;
      stopTimer();
    },
  };
}
