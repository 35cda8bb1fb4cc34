import { describe, expect, it } from 'vitest';
import { offsetSeconds, parseOffset, parseVastTime } from './vast-time.ts';

describe('VAST times (SPEC.md section 5: hh:mm:ss, fraction optional, hours and minutes optional)', () => {
  it.each([
    ['00:00:05', 5],
    ['00:01:30.123', 90.123],
    ['1:02:05.5', 3725.5],
    ['02:05', 125],
    ['05', 5],
    ['30', 30],
    ['7.25', 7.25],
    [' 00:00:10 ', 10],
  ])('%s is %d s', (text, seconds) => expect(parseVastTime(text)).toBeCloseTo(seconds, 6));

  it.each(['', 'abc', '1:2:3:4', '00:00:', '-5', '10s', '00:60:00x'])('%j is not a time', (text) => expect(parseVastTime(text)).toBeUndefined());
});

describe('offsets (skipoffset, progress)', () => {
  it('reads a time or a percentage of the ad', () => {
    expect(parseOffset('00:00:05.250')).toEqual({ seconds: 5.25 });
    expect(parseOffset('25%')).toEqual({ percent: 25 });
    expect(parseOffset('12.5%')).toEqual({ percent: 12.5 });
  });

  it('refuses what is not one, and more than 100 %', () => {
    expect(parseOffset('150%')).toBeUndefined();
    expect(parseOffset('%')).toBeUndefined();
    expect(parseOffset(undefined)).toBeUndefined();
  });

  it('turns either into seconds of an ad', () => {
    expect(offsetSeconds({ percent: 25 }, 30)).toBe(7.5);
    expect(offsetSeconds({ seconds: 5 }, 30)).toBe(5);
  });
});
