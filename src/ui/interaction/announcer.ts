import { ru } from '../i18n/ru.ts';
import { ruDecimal } from '../i18n/ru-number.ts';
import type { Schedule } from './schedule.ts';

/** The live region empties this long after an announcement (SPEC.md section 9). */
export const ANNOUNCER_CLEAR_MS = 150;

/** Not in SPEC.md: the announcement for muted or zero volume. */
export const SOUND_OFF = ru.soundOff;

export interface AnnouncerOptions {
  schedule: Schedule;
  /** Default 150 ms. */
  clearAfterMs?: number;
  /** Sets the text of a polite live region (role="status" / aria-live="polite"). */
  write(text: string): void;
}

export interface Announcer {
  announce(text: string): void;
  /** Cancels a pending clear; later announcements are ignored. */
  destroy(): void;
}

/**
 * Speaks short confirmations of keyboard actions (volume, rate…) through a live region. The
 * region is emptied shortly afterwards so that the same text announced again later is a change
 * a screen reader notices; a new announcement replaces the text and postpones the clear, so a
 * held key that keeps producing the same text is spoken once.
 */
export function createAnnouncer(options: AnnouncerOptions): Announcer {
  const clearAfter = options.clearAfterMs ?? ANNOUNCER_CLEAR_MS;
  let cancelClear: (() => void) | undefined;
  let destroyed = false;
  return {
    announce(text) {
      if (destroyed) return;
      cancelClear?.();
      options.write(text);
      cancelClear = options.schedule(() => {
        cancelClear = undefined;
        options.write('');
      }, clearAfter);
    },
    destroy() {
      destroyed = true;
      cancelClear?.();
      cancelClear = undefined;
    },
  };
}

/** 'Звук выключен' when muted or at zero, else 'Громкость 45 %' (volume 0..1, rounded). */
export function describeVolume(volume: number, muted: boolean): string {
  const level = Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 0;
  if (muted || Math.round(level * 100) === 0) return SOUND_OFF;
  return `${ru.volume} ${ru.percent(level)}`;
}

/** 'Скорость Обычная' at 1 (SPEC.md section 9), else 'Скорость 1,5'. */
export function describeRate(rate: number): string {
  const rounded = Number(rate.toFixed(2));
  return `${ru.speed} ${rounded === 1 ? ru.normalSpeed : ruDecimal(rounded)}`;
}
