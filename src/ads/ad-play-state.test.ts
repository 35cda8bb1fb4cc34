import { describe, expect, it } from 'vitest';
import { adShouldPlay, type AdPlayState } from './ad-play-state.ts';

const base: AdPlayState = { type: 'play', isVisible: true, isClick: false, isDocumentHidden: false, isPIP: false };

describe('whether an ad plays (SPEC.md section 4)', () => {
  it('plays when asked and in view', () => expect(adShouldPlay(base)).toBe(true));
  it('never in a hidden document, even after a click', () => expect(adShouldPlay({ ...base, isDocumentHidden: true, isClick: true })).toBe(false));
  it('not when less than 51 % is in view, unless the viewer clicked play', () => {
    expect(adShouldPlay({ ...base, isVisible: false })).toBe(false);
    expect(adShouldPlay({ ...base, isVisible: false, isClick: true })).toBe(true);
  });
  it('a click on pause pauses it in view', () => expect(adShouldPlay({ ...base, isClick: true, type: 'pause' })).toBe(false));
  it('nothing asked yet: not playing', () => expect(adShouldPlay({ ...base, type: 'none' })).toBe(false));
});
