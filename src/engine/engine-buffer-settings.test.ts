import { describe, expect, it } from 'vitest';
import { bufferLimitsForDevice } from '../contract/media/device-buffer-limits.ts';
import { dashBufferSettings, hlsBufferSettings } from './engine-buffer-settings.ts';

const MB = 1024 * 1024;

describe('the fallback engines get the nearest buffer settings they offer', () => {
  it('hls.js on a 1 GB phone: 15 MB ahead, and the 5 MB behind as the 8 s a 1080p rendition fills them with', () => {
    expect(hlsBufferSettings(bufferLimitsForDevice(1))).toEqual({ maxBufferSize: 15 * MB, maxBufferLength: 30, maxMaxBufferLength: 25, backBufferLength: 8 });
  });

  it('hls.js on a 2 GB phone: 30 MB ahead, 16 s behind; with memory to spare, 20 s behind as the custom engine keeps', () => {
    expect(hlsBufferSettings(bufferLimitsForDevice(2))).toMatchObject({ maxBufferSize: 30 * MB, backBufferLength: 16 });
    expect(hlsBufferSettings(bufferLimitsForDevice(undefined))).toMatchObject({ maxBufferSize: 150 * MB, maxBufferLength: 30, backBufferLength: 20 });
  });

  it('dash.js counts seconds only: on a 1 GB phone 25 s ahead at most and 8 s kept behind', () => {
    expect(dashBufferSettings(bufferLimitsForDevice(1))).toEqual({ bufferTimeDefault: 12, bufferTimeAtTopQuality: 25, bufferTimeAtTopQualityLongForm: 25, bufferToKeep: 8 });
    expect(dashBufferSettings(bufferLimitsForDevice(8))).toEqual({ bufferTimeDefault: 12, bufferTimeAtTopQuality: 30, bufferTimeAtTopQualityLongForm: 60, bufferToKeep: 20 });
  });
});
