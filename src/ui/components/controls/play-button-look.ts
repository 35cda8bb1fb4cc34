import { ru } from '../../i18n/ru.ts';
import type { IconName } from './icons.tsx';

/**
 * What the play buttons show: 'Пауза' while the film plays, 'Смотреть снова' with the replay
 * arrow once it has ended (a press plays it from the start), else 'Воспроизвести'.
 */
export function playButtonLook(state: { paused: boolean; ended: boolean }): { label: string; icon: IconName } {
  if (state.ended) return { label: ru.replay, icon: 'replay' };
  return state.paused ? { label: ru.play, icon: 'play' } : { label: ru.pause, icon: 'pause' };
}
