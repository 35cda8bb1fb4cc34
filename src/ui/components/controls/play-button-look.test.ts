import { describe, expect, it } from 'vitest';
import { playButtonLook } from './play-button-look.ts';

describe('playButtonLook', () => {
  it.each([
    [{ paused: true, ended: false }, { label: 'Воспроизвести', icon: 'play' }],
    [{ paused: false, ended: false }, { label: 'Пауза', icon: 'pause' }],
    [{ paused: true, ended: true }, { label: 'Смотреть снова', icon: 'replay' }],
  ])('%j → %j', (state, look) => {
    expect(playButtonLook(state)).toEqual(look);
  });
});
