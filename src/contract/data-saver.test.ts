import { describe, expect, it } from 'vitest';
import { decideDataSaver } from './data-saver.ts';
import { dataSaverBitrateCap } from './data-saver-cap.ts';

describe('decideDataSaver', () => {
  const quiet = { saveData: false, effectiveType: '4g' };

  it('is off when nobody asks', () => {
    expect(decideDataSaver({ host: undefined, viewer: null, browser: quiet })).toEqual({ on: false, reason: 'network' });
    expect(decideDataSaver({ host: undefined, viewer: null, browser: {} })).toEqual({ on: false, reason: 'network' });
  });

  it('turns itself on when the browser asks to save data, or on a 2g-class connection', () => {
    expect(decideDataSaver({ host: undefined, viewer: null, browser: { saveData: true, effectiveType: '4g' } })).toEqual({ on: true, reason: 'save-data' });
    expect(decideDataSaver({ host: undefined, viewer: null, browser: { effectiveType: '2g' } })).toEqual({ on: true, reason: 'network' });
    expect(decideDataSaver({ host: undefined, viewer: null, browser: { effectiveType: 'slow-2g' } })).toEqual({ on: true, reason: 'network' });
    expect(decideDataSaver({ host: undefined, viewer: null, browser: { effectiveType: '3g' } }).on).toBe(false);
  });

  it("keeps the viewer's own choice over the browser's hint", () => {
    expect(decideDataSaver({ host: undefined, viewer: false, browser: { saveData: true } })).toEqual({ on: false, reason: 'viewer' });
    expect(decideDataSaver({ host: undefined, viewer: true, browser: quiet })).toEqual({ on: true, reason: 'viewer' });
  });

  it("puts the host's word over the viewer's and the browser's", () => {
    expect(decideDataSaver({ host: true, viewer: false, browser: quiet })).toEqual({ on: true, reason: 'host' });
    expect(decideDataSaver({ host: false, viewer: true, browser: { saveData: true } })).toEqual({ on: false, reason: 'host' });
  });
});

describe('dataSaverBitrateCap', () => {
  it("is the bitrate of the richest rendition no taller than 480p", () => {
    const ladder = [
      { height: 240, bitrate: 400_000 },
      { height: 480, bitrate: 1_200_000 },
      { height: 480, bitrate: 1_500_000 },
      { height: 720, bitrate: 2_800_000 },
      { height: 1080, bitrate: 5_000_000 },
    ];
    expect(dataSaverBitrateCap(ladder)).toBe(1_500_000);
  });

  it('keeps the lowest rendition when none is that short, and says nothing for no renditions', () => {
    expect(dataSaverBitrateCap([{ height: 720, bitrate: 2_000_000 }, { height: 1080, bitrate: 5_000_000 }])).toBe(2_000_000);
    expect(dataSaverBitrateCap([])).toBeUndefined();
  });
});
