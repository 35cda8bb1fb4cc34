import { describe, expect, it } from 'vitest';
import { deviceTypeOf } from './device-type.ts';

const nav = (userAgent: string, maxTouchPoints = 0, mobile?: boolean) => ({ userAgent, maxTouchPoints, userAgentData: mobile === undefined ? undefined : { mobile } });

describe('device_type', () => {
  it('phones', () => {
    expect(deviceTypeOf(nav('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'))).toBe('mobile');
    expect(deviceTypeOf(nav('Mozilla/5.0 (Linux; Android 13; SM-A135F) Chrome/120 Mobile Safari/537.36'))).toBe('mobile');
  });
  it('tablets, iPadOS posing as a Mac included', () => {
    expect(deviceTypeOf(nav('Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/120 Safari/537.36'))).toBe('tablet');
    expect(deviceTypeOf(nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5))).toBe('tablet');
  });
  it('desktops', () => {
    expect(deviceTypeOf(nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0))).toBe('desktop');
    expect(deviceTypeOf(nav('Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36', 0, false))).toBe('desktop');
  });
});
