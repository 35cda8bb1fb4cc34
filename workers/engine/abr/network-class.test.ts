import { describe, expect, it } from 'vitest';
import { NETWORK_CLASS_START_BPS, networkClassOf, networkClassOfBps } from './network-class.ts';
import type { NetworkClass } from './network-class.ts';

describe('networkClassOf (SPEC.md section 9)', () => {
  it.each([
    [0, 'gprs'],
    [49.9, 'gprs'],
    [50, '2g'],
    [299.9, '2g'],
    [300, '3g'],
    [999.9, '3g'],
    [1000, '4g'],
    [3999.9, '4g'],
    [4000, 'wifi'],
    [100_000, 'wifi'],
    [Number.POSITIVE_INFINITY, 'wifi'],
    [-1, 'gprs'],
    [Number.NaN, 'gprs'],
  ] as const)('%s kB/s is %s', (kilobytesPerSecond, networkClass) => {
    expect(networkClassOf(kilobytesPerSecond)).toBe(networkClass);
  });

  it.each([
    [399_999, 'gprs'],
    [400_000, '2g'],
    [2_400_000, '3g'],
    [32_000_000, 'wifi'],
  ] as const)('%s bit/s is %s (1 kB = 1000 bytes)', (bitsPerSecond, networkClass) => {
    expect(networkClassOfBps(bitsPerSecond)).toBe(networkClass);
  });
});

describe('NETWORK_CLASS_START_BPS', () => {
  const classes = Object.keys(NETWORK_CLASS_START_BPS) as NetworkClass[];

  it.each(classes)('the %s guess lies inside its own class', (networkClass) => {
    expect(networkClassOfBps(NETWORK_CLASS_START_BPS[networkClass])).toBe(networkClass);
  });

  it('grows with the class', () => {
    const guesses = classes.map((networkClass) => NETWORK_CLASS_START_BPS[networkClass]);
    expect(guesses).toEqual([...guesses].sort((a, b) => a - b));
    expect(classes).toEqual(['gprs', '2g', '3g', '4g', 'wifi']);
  });
});
