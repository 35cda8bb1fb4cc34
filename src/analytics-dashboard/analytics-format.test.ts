import { describe, expect, it } from 'vitest';
import { axisNumber, durationUnit, formatDuration, percentTick } from './analytics-format.ts';

// How the analytics dashboard writes its figures: durations in the unit that fits, Russian style
// (decimal comma, a space between thousands), axis labels that never repeat.
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('durations', () => {
  it('small totals are not rounded away: 144 s watched is 2,4 мин, not 0 ч', () => {
    expect(formatDuration(144)).toBe('2,4 мин');
    expect(formatDuration(0)).toBe('0 с');
    expect(formatDuration(0.4)).toBe('400 мс');
    expect(formatDuration(45)).toBe('45 с');
    expect(formatDuration(9.25)).toBe('9,3 с');
    expect(formatDuration(59.99)).toBe('1 мин');
    expect(formatDuration(5400)).toBe('1,5 ч');
    expect(formatDuration(1_234_567)).toBe('343 ч');
    expect(formatDuration(4_000_000)).toBe('1\u00a0111 ч');
  });

  it('an axis takes the unit of its largest value', () => {
    expect(durationUnit(0.8)).toEqual({ unit: 'мс', seconds: 0.001 });
    expect(durationUnit(30)).toEqual({ unit: 'с', seconds: 1 });
    expect(durationUnit(144)).toEqual({ unit: 'мин', seconds: 60 });
    expect(durationUnit(7200)).toEqual({ unit: 'ч', seconds: 3600 });
    // An empty axis reads in seconds.
    expect(durationUnit(0)).toEqual({ unit: 'с', seconds: 1 });
  });
});

describe('axis labels', () => {
  /** Chart.js's ticks between 0 and `max` by `step`, as labels. */
  const labels = (max: number, step: number, label: (value: number, step: number) => string) =>
    Array.from({ length: Math.round(max / step) + 1 }, (_, index) => label(index * step, step));

  it('have as many decimals as the step needs, so no two read the same', () => {
    expect(labels(0.04, 0.005, axisNumber)).toEqual(['0', '0,005', '0,01', '0,015', '0,02', '0,025', '0,03', '0,035', '0,04']);
    expect(labels(1, 0.1, axisNumber)).toEqual(['0', '0,1', '0,2', '0,3', '0,4', '0,5', '0,6', '0,7', '0,8', '0,9', '1']);
    expect(labels(2.5, 0.25, axisNumber)).toEqual(['0', '0,25', '0,5', '0,75', '1', '1,25', '1,5', '1,75', '2', '2,25', '2,5']);
    expect(labels(2000, 500, axisNumber)).toEqual(['0', '500', '1000', '1500', '2000'].map((text) => text.replace(/(\d)(\d{3})$/, '$1\u00a0$2')));
  });

  it('percentages too: a rebuffering ratio of hundredths of a percent', () => {
    expect(labels(0.0004, 0.0001, percentTick)).toEqual(['0 %', '0,01 %', '0,02 %', '0,03 %', '0,04 %'].map(nbsp));
    expect(labels(0.5, 0.1, percentTick)).toEqual(['0 %', '10 %', '20 %', '30 %', '40 %', '50 %'].map(nbsp));
  });
});
