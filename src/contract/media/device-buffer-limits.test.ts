import { describe, expect, it } from 'vitest';
import { bufferLimitsForDevice, GENEROUS_BUFFER_LIMITS } from './device-buffer-limits.ts';

const MB = 1024 * 1024;

describe('buffer bounds by the device memory', () => {
  it('a phone with 1 GB or less holds 15 MB ahead and 5 MB behind; 2 GB, 30 and 10; 4 GB, 60 and 20', () => {
    expect(bufferLimitsForDevice(0.5)).toEqual({ aheadBytes: 15 * MB, behindBytes: 5 * MB, fromDevice: true });
    expect(bufferLimitsForDevice(1)).toEqual({ aheadBytes: 15 * MB, behindBytes: 5 * MB, fromDevice: true });
    expect(bufferLimitsForDevice(2)).toEqual({ aheadBytes: 30 * MB, behindBytes: 10 * MB, fromDevice: true });
    expect(bufferLimitsForDevice(4)).toEqual({ aheadBytes: 60 * MB, behindBytes: 20 * MB, fromDevice: true });
  });

  it('more memory, or a browser that does not say, leaves the seconds to decide under a generous cap', () => {
    for (const memory of [8, undefined, 0, Number.NaN]) expect(bufferLimitsForDevice(memory)).toEqual(GENEROUS_BUFFER_LIMITS);
    expect(GENEROUS_BUFFER_LIMITS).toEqual({ aheadBytes: 150 * MB, behindBytes: 50 * MB, fromDevice: false });
  });
});
