import { zoneOf, type TapZone } from './double-tap-zones.ts';
import type { Schedule } from './schedule.ts';

/**
 * What a click or tap on the video area asks for. 'show-controls' is never emitted by the
 * recognizer; it is part of the vocabulary for callers that merge other sources into one handler.
 */
export type GestureAction = 'toggle-play' | 'toggle-fullscreen' | 'seek-back' | 'seek-forward' | 'toggle-controls' | 'show-controls';

/** A pointer position relative to the video area's left edge, with the area's width and the event time (ms). */
export interface GesturePoint {
  x: number;
  y: number;
  width: number;
  time: number;
}

export interface GestureOptions {
  pointer: 'mouse' | 'touch';
  /** Waits for the double-tap window; returns a cancel function. */
  schedule: Schedule;
  onAction(action: GestureAction): void;
}

export interface TapGestures {
  down(event: GesturePoint): void;
  up(event: GesturePoint): void;
  /** Drops any pending single tap; later events are ignored. */
  destroy(): void;
}

/** Double-click window for the mouse, double-tap window for touch (SPEC.md section 2, Gestures). */
export const DOUBLE_CLICK_MS = 250;
export const DOUBLE_TAP_MS = 275;
/** Movement beyond these between down and up is a swipe, not a tap (SPEC.md section 2). */
export const SWIPE_X_PX = 20;
export const SWIPE_Y_PX = 5;

interface PointerRules {
  windowMs: number;
  single: GestureAction;
  /** A double tap in the middle fifths; undefined swallows it. */
  middleDouble: GestureAction | undefined;
}

const RULES: Record<GestureOptions['pointer'], PointerRules> = {
  mouse: { windowMs: DOUBLE_CLICK_MS, single: 'toggle-play', middleDouble: 'toggle-fullscreen' },
  // Touch never pauses from a tap (the controls have the button), and a double tap in the middle
  // does nothing at all: not fullscreen, and not the single tap's toggle either (no flicker).
  touch: { windowMs: DOUBLE_TAP_MS, single: 'toggle-controls', middleDouble: undefined },
};

const seekFor = (zone: TapZone): GestureAction | undefined => (zone === 'left' ? 'seek-back' : zone === 'right' ? 'seek-forward' : undefined);

/**
 * Recognizes clicks and taps on the video area (SPEC.md section 2, Gestures).
 * - A single tap acts once the window passes with no second tap: mouse toggles play, touch
 *   toggles the controls.
 * - A second tap within the window cancels that: in the left / right fifth it seeks −10 / +10 s
 *   (and each further tap in a side fifth within the window of the previous one seeks again, as
 *   on YouTube); in the middle the mouse toggles fullscreen and touch does nothing.
 * - A tap that moved more than 20 px across or 5 px down/up is a swipe and is ignored.
 * Feed it pointerdown / pointerup of the video area (not of the controls on top of it).
 */
export function createTapGestures(options: GestureOptions): TapGestures {
  const rules = RULES[options.pointer];
  // idle: no tap pending; single: one tap waiting for a second; chain: side seeks in progress.
  let phase: 'idle' | 'single' | 'chain' = 'idle';
  let lastTapTime = 0;
  let start: GesturePoint | undefined;
  let cancelTimer: (() => void) | undefined;
  let destroyed = false;

  const stopTimer = () => {
    cancelTimer?.();
    cancelTimer = undefined;
  };
  const endWindow = () => {
    cancelTimer = undefined;
    const wasSingle = phase === 'single';
    phase = 'idle';
    if (wasSingle) options.onAction(rules.single);
  };
  const openWindow = () => {
    stopTimer();
    cancelTimer = options.schedule(endWindow, rules.windowMs);
  };

  const tap = (event: GesturePoint) => {
    // A late timer (throttled tab) must not stretch the window: the event clock decides.
    if (phase !== 'idle' && event.time - lastTapTime > rules.windowMs) {
      stopTimer();
      endWindow();
    }
    lastTapTime = event.time;
    const seek = seekFor(zoneOf(event.x, event.width));
    if (phase === 'single' && !seek) {
      stopTimer();
      phase = 'idle';
      if (rules.middleDouble) options.onAction(rules.middleDouble);
    } else if (phase !== 'idle' && seek) {
      phase = 'chain';
      openWindow();
      options.onAction(seek);
    } else {
      // First tap, or a middle tap that ends a seek chain and starts afresh.
      phase = 'single';
      openWindow();
    }
  };

  return {
    down(event) {
      if (!destroyed) start = event;
    },
    up(event) {
      const from = start;
      start = undefined;
      if (destroyed || !from) return;
      if (Math.abs(event.x - from.x) > SWIPE_X_PX || Math.abs(event.y - from.y) > SWIPE_Y_PX) return;
      tap(event);
    },
    destroy() {
      destroyed = true;
      stopTimer();
      phase = 'idle';
    },
  };
}
