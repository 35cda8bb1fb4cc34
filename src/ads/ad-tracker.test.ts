import { describe, expect, it } from 'vitest';
import type { ResolvedAd } from '../workers-client/vast-client.ts';
import { createAdTracker } from './ad-tracker.ts';

const ad: ResolvedAd = {
  id: 'a', sequence: undefined, title: 'Ad', advertiser: undefined, erid: undefined, duration: 20, skipOffset: undefined,
  mediaFile: { url: 'https://cdn.example/ad.mp4', type: 'video/mp4', width: 640, height: 360, codec: undefined },
  clickThrough: 'https://advertiser.example/',
  impressions: ['https://w.example/imp', 'https://t.example/imp?ts=[ADPLAYHEAD]'],
  errorUrls: ['https://w.example/err?c=[ERRORCODE]', 'https://t.example/err/[ERRORCODE]'],
  clickTracking: ['https://t.example/click?at=[ADPLAYHEAD]'],
  tracking: [
    { event: 'start', url: 'https://t.example/start' },
    { event: 'firstQuartile', url: 'https://t.example/q1' },
    { event: 'midpoint', url: 'https://t.example/mid' },
    { event: 'thirdQuartile', url: 'https://t.example/q3' },
    { event: 'complete', url: 'https://t.example/complete' },
    { event: 'progress', url: 'https://t.example/p5s', offset: { seconds: 5 } },
    { event: 'progress', url: 'https://t.example/p60', offset: { percent: 60 } },
    { event: 'pause', url: 'https://t.example/pause' },
  ],
  wrapperDepth: 1,
};

function tracker() {
  const sent: string[] = [];
  let time = 0;
  const tracking = createAdTracker({ ad, send: (url) => sent.push(url), adTime: () => time, contentTime: () => 0 });
  return { sent, tracking, at: (seconds: number) => (time = seconds) };
}

describe('the ad tracker', () => {
  it('fires every impression of the chain together, once', () => {
    const { sent, tracking } = tracker();
    expect(tracking.track('impression')).toBe(true);
    expect(tracking.track('impression')).toBe(false);
    expect(sent).toEqual(['https://w.example/imp', 'https://t.example/imp?ts=00%3A00%3A00.000']);
  });

  it('fires quartiles and progress offsets as the time passes them, each once, in time order', () => {
    const { sent, tracking } = tracker();
    for (const time of [1, 4.9, 5, 5.2, 10, 12, 15, 19.9, 20, 20]) tracking.progress(time, 20);
    expect(sent).toEqual(['https://t.example/q1', 'https://t.example/p5s', 'https://t.example/mid', 'https://t.example/p60', 'https://t.example/q3']);
  });

  it('a jump past several points fires each of them once', () => {
    const { sent, tracking } = tracker();
    tracking.progress(19, 20);
    tracking.progress(19.5, 20);
    expect(sent.sort()).toEqual(['https://t.example/mid', 'https://t.example/p5s', 'https://t.example/p60', 'https://t.example/q1', 'https://t.example/q3']);
  });

  it('puts the code into every Error URL, once', () => {
    const { sent, tracking } = tracker();
    tracking.error(405);
    tracking.error(402);
    expect(sent).toEqual(['https://w.example/err?c=405', 'https://t.example/err/405']);
  });

  it('fills the ad playhead at the moment of the click', () => {
    const { sent, tracking, at } = tracker();
    at(7.25);
    tracking.track('click');
    expect(sent).toEqual(['https://t.example/click?at=00%3A00%3A07.250']);
  });

  it('pause fires once per ad, start and complete once', () => {
    const { sent, tracking } = tracker();
    for (const event of ['start', 'pause', 'pause', 'complete', 'start'] as const) tracking.track(event);
    expect(sent).toEqual(['https://t.example/start', 'https://t.example/pause', 'https://t.example/complete']);
  });
});
