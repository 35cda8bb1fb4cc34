import { describe, expect, it } from 'vitest';
import { ruDecimal, ruFixed2 } from './ru-number.ts';

/** What the browsers' Russian number format writes: the texts must not change with the implementation. */
const intl = (min: number, max: number) => new Intl.NumberFormat('ru', { minimumFractionDigits: min, maximumFractionDigits: max });

const SAMPLES = [
  0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 0.8, 2.95, 2.955, 1.005, 1.125, 0.005, 0.004, 9.999, 99.995, 0.1 + 0.2,
  1234.5, 12345.678, 999999.995, 1e6, -1.5, -0.001, 3.14159, 7.2e-7, 42,
];

describe('Russian numbers', () => {
  it('rates: up to two decimals with a comma, none trailing', () => {
    expect(ruDecimal(0.25)).toBe('0,25');
    expect(ruDecimal(1.5)).toBe('1,5');
    expect(ruDecimal(2)).toBe('2');
  });

  it('bitrates: exactly two decimals with a comma', () => {
    expect(ruFixed2(2.95)).toBe('2,95');
    expect(ruFixed2(0.8)).toBe('0,80');
  });

  it('write every value as the Russian Intl format does', () => {
    const random = Array.from({ length: 500 }, (_, index) => Math.round(Math.sin(index + 1) * 10 ** (index % 7) * 1000) / 1000);
    for (const value of [...SAMPLES, ...random]) {
      expect(ruDecimal(value), String(value)).toBe(intl(0, 2).format(value));
      expect(ruFixed2(value), String(value)).toBe(intl(2, 2).format(value));
    }
  });
});
