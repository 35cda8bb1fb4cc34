import { describe, expect, it } from 'vitest';
import { formatVastTime } from '../../server/ads/vast-document.ts';

describe('formatVastTime', () => {
  it.each([
    [15, '00:00:15'],
    [5, '00:00:05'],
    [3725.5, '01:02:05.500'],
    [0, '00:00:00'],
  ])('%d s is %s', (seconds, text) => {
    expect(formatVastTime(seconds)).toBe(text);
  });
});
