import type { ThumbnailCue } from '../../../workers-client/thumbnails-client.ts';
import { ru } from '../../i18n/ru.ts';

/** SPEC.md section 9: keyboard seek 5 s, 10 s with Shift. */
export const KEY_STEP_S = 5;
export const KEY_STEP_SHIFT_S = 10;
/** PageUp / PageDown jump by the widget's skip step (SPEC.md section 9: skip step 10 s). */
export const PAGE_STEP_S = 10;
/** SPEC.md section 9: seeking throttle 100 ms, drag throttle 20 ms. */
export const SEEK_THROTTLE_MS = 100;
export const DRAG_THROTTLE_MS = 20;
/** A cue without a tile size shows the whole image in a box this big. */
export const DEFAULT_THUMBNAIL = { width: 160, height: 90 } as const;
/** The time label's fixed width (CSS .seek-bar__time), so it can be clamped without measuring. */
export const TIME_LABEL_WIDTH = 64;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A seek bar can seek only a known, finite, non-zero duration (SPEC.md section 5). */
export const isSeekable = (duration: number): boolean => Number.isFinite(duration) && duration > 0;

/** 'H:MM:SS' for any input; negative or not finite reads 0:00:00. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(total / 3600)}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

/** The slider's aria-valuetext: '0:01:05 из 0:24:00', or only the time when there is no duration. */
export function valueText(current: number, duration: number): string {
  return isSeekable(duration) ? ru.timeOf(formatTime(current), formatTime(duration)) : formatTime(current);
}

/** Part of [0, 1] that `time` is of `duration`; 0 without a duration. */
export function fractionOf(time: number, duration: number): number {
  return isSeekable(duration) && Number.isFinite(time) ? clamp(time / duration, 0, 1) : 0;
}

export interface SeekBarView {
  played: number;
  buffered: number;
  /** aria-valuenow: whole seconds. */
  valueNow: number;
  valueText: string;
}

/** What the bar shows for a time (the store's, or the one being dragged). */
export function seekBarView(time: number, bufferedAhead: number, duration: number): SeekBarView {
  const now = Number.isFinite(time) && time > 0 ? time : 0;
  return {
    played: fractionOf(now, duration),
    buffered: fractionOf(now + (Number.isFinite(bufferedAhead) ? bufferedAhead : 0), duration),
    valueNow: Math.floor(now),
    valueText: valueText(now, duration),
  };
}

/** The time under the pointer, clamped to [0, duration]; 0 without a duration or width. */
export function timeFromPointer(clientX: number, rect: { left: number; width: number }, duration: number): number {
  if (!isSeekable(duration) || !(rect.width > 0)) return 0;
  return clamp((clientX - rect.left) / rect.width, 0, 1) * duration;
}

/** Left edge of a box `width` wide centred on `pointerX`, kept inside the bar (centred if wider). */
export function previewLeft(pointerX: number, barWidth: number, width: number): number {
  if (width >= barWidth) return (barWidth - width) / 2;
  return clamp(pointerX - width / 2, 0, barWidth - width);
}

export interface ThumbnailStyle {
  left: number;
  width: number;
  height: number;
  backgroundImage: string;
  /** A tile of a sprite: '-x px -y px'. */
  backgroundPosition: string;
  /** 'auto' for a sprite tile; 'cover' when the whole image is the thumbnail. */
  backgroundSize: string;
}

/** Quotes a URL for CSS url("…"): a quote or line break must not end the value early. */
const cssUrl = (url: string) =>
  `url("${url.replace(/\\/g, '\\\\').replace(/"/g, '%22').replace(/\n/g, '%0A').replace(/\r/g, '%0D')}")`;

/** The preview box for a cue under the pointer (SPEC.md section 3: thumbnail cue, coords select a tile). */
export function thumbnailStyle(cue: ThumbnailCue, pointerX: number, barWidth: number): ThumbnailStyle {
  const sprite = cue.width !== undefined && cue.height !== undefined;
  const width = cue.width ?? DEFAULT_THUMBNAIL.width;
  const height = cue.height ?? DEFAULT_THUMBNAIL.height;
  const x = cue.coords?.x ?? 0;
  const y = cue.coords?.y ?? 0;
  return {
    left: previewLeft(pointerX, barWidth, width),
    width,
    height,
    backgroundImage: cssUrl(cue.url),
    backgroundPosition: `${-x}px ${-y}px`,
    backgroundSize: sprite ? 'auto' : 'cover',
  };
}

/** A key's effect: a relative step in seconds, or a jump to either end. */
export type KeyStep = { delta: number } | { to: 'start' | 'end' };

/**
 * Arrows ∓/± 5 s (10 s with Shift), PageDown/PageUp ∓/± 10 s, Home/End to either end.
 * ArrowUp/ArrowDown are left to the player (volume), so they are not handled here.
 */
export function keyStep(key: string, shift: boolean): KeyStep | undefined {
  const arrow = shift ? KEY_STEP_SHIFT_S : KEY_STEP_S;
  switch (key) {
    case 'ArrowLeft': return { delta: -arrow };
    case 'ArrowRight': return { delta: arrow };
    case 'PageDown': return { delta: -PAGE_STEP_S };
    case 'PageUp': return { delta: PAGE_STEP_S };
    case 'Home': return { to: 'start' };
    case 'End': return { to: 'end' };
    default: return undefined;
  }
}

/** The seek target for a key from `current`, clamped to [0, duration]; undefined if not handled or not seekable. */
export function keyTarget(key: string, shift: boolean, current: number, duration: number): number | undefined {
  const step = keyStep(key, shift);
  if (step === undefined || !isSeekable(duration)) return undefined;
  if ('to' in step) return step.to === 'start' ? 0 : duration;
  return clamp((Number.isFinite(current) ? current : 0) + step.delta, 0, duration);
}

/** Time source and timer, injected so throttling is testable without real time. */
export interface Clock {
  now(): number;
  /** Runs `callback` after `ms`; returns a cancel function. */
  schedule(callback: () => void, ms: number): () => void;
}

export interface Throttled<T> {
  /** Calls at once if `ms` have passed since the last call, else once `ms` have passed, with the latest value. */
  push(value: T): void;
  /** Calls at once, dropping any value still waiting; the next interval starts now. */
  fire(value: T): void;
  /** Drops a value still waiting. */
  cancel(): void;
}

/** Leading and trailing throttle: at most one call per `ms`, and the last value pushed is never lost. */
export function throttle<T>(fn: (value: T) => void, ms: number, clock: Clock): Throttled<T> {
  let last = Number.NEGATIVE_INFINITY;
  let pending: { value: T } | undefined;
  let cancelTimer: (() => void) | undefined;
  const fire = (value: T) => {
    last = clock.now();
    fn(value);
  };
  const cancel = () => {
    cancelTimer?.();
    cancelTimer = undefined;
    pending = undefined;
  };
  return {
    push(value) {
      const wait = last + ms - clock.now();
      if (wait <= 0 && cancelTimer === undefined) return fire(value);
      pending = { value };
      cancelTimer ??= clock.schedule(() => {
        cancelTimer = undefined;
        const next = pending;
        pending = undefined;
        if (next) fire(next.value);
      }, Math.max(0, wait));
    },
    fire(value) {
      cancel();
      fire(value);
    },
    cancel,
  };
}

/** What a drag drives: drawing the position, and asking the player to seek. */
export interface ScrubHost<P extends { time: number }> {
  draw(at: P): void;
  seek(time: number): void;
}

/** A drag along the bar (scrubbing). */
export interface Scrub<P extends { time: number }> {
  /** The latest position while dragging, else undefined. */
  readonly at: P | undefined;
  /** Draws and requests the first position at once. */
  start(at: P): void;
  move(at: P): void;
  /** Ends the drag at `at` (default: the latest position) and always requests it; no-op when not dragging. */
  end(at?: P): void;
  /** Drops what is pending without a final request (unmount). */
  dispose(): void;
}

/**
 * Scrubbing (SPEC.md section 9): the drawn position follows the pointer at the drag throttle
 * (20 ms), seek requests go out at the seeking throttle (100 ms), and the release is always sent.
 */
export function createScrub<P extends { time: number }>(host: ScrubHost<P>, clock: Clock): Scrub<P> {
  const draw = throttle((at: P) => host.draw(at), DRAG_THROTTLE_MS, clock);
  const seek = throttle((time: number) => host.seek(time), SEEK_THROTTLE_MS, clock);
  let latest: P | undefined;
  const dispose = () => {
    draw.cancel();
    seek.cancel();
    latest = undefined;
  };
  return {
    get at() {
      return latest;
    },
    start(at) {
      latest = at;
      draw.fire(at);
      seek.fire(at.time);
    },
    move(at) {
      if (latest === undefined) return;
      latest = at;
      draw.push(at);
      seek.push(at.time);
    },
    end(at = latest) {
      if (latest === undefined || at === undefined) return;
      dispose();
      host.draw(at);
      host.seek(at.time);
    },
    dispose,
  };
}
