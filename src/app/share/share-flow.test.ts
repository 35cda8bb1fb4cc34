import { describe, expect, it, vi } from 'vitest';
import type { NativeShareOutcome } from './native-share.ts';
import { describeShare, openShare, type ShareContext } from './share-flow.ts';

const series: ShareContext = {
  pageUrl: 'https://kino.example/serials/dark/season-1/episode-1?t=3#top',
  season: 2,
  episode: 4,
  currentTime: 65.4,
};

describe('describeShare', () => {
  it('without the box ticked: the link has no t, the label still shows the time', () => {
    const view = describeShare(series, false, vi.fn());
    expect(view).toMatchObject({
      link: 'https://kino.example/serials/dark/season-2/episode-4',
      withTimeCode: false,
      timeLabel: '0:01:05',
    });
    expect(view?.socialLinks.map((link) => link.label)).toEqual(['Telegram', 'WhatsApp', 'Facebook', 'X', 'VK']);
  });

  it('with the box ticked: t in whole seconds, and the social links share that link', () => {
    const view = describeShare(series, true, vi.fn());
    expect(view?.link).toBe('https://kino.example/serials/dark/season-2/episode-4?t=65');
    expect(view?.socialLinks[0]?.href).toBe(`https://t.me/share/url?url=${encodeURIComponent(view?.link ?? '')}`);
  });

  it('falls back to the next address when the page address is unusable, logging why', () => {
    const log = vi.fn();
    const view = describeShare({ ...series, pageUrl: '', fallbackUrls: ['https://kino.example/watch'] }, false, log);
    expect(view?.link).toBe('https://kino.example/watch/season-2/episode-4');
    expect(log).toHaveBeenCalledOnce();
  });

  it('is undefined when no address works', () => {
    expect(describeShare({ ...series, pageUrl: 'about:srcdoc' }, true, vi.fn())).toBeUndefined();
  });
});

describe('openShare (SPEC.md sections 2 and 4)', () => {
  function host(preferNative: boolean, outcome: NativeShareOutcome) {
    const calls: string[] = [];
    return {
      calls,
      pause: () => void calls.push('pause'),
      preferNative,
      shareNatively: async () => {
        calls.push('native');
        return outcome;
      },
      showPopup: () => void calls.push('popup'),
    };
  }

  it.each<[string, boolean, NativeShareOutcome, string[]]>([
    ['desktop: pause, then the popup', false, 'shared', ['pause', 'popup']],
    ['phone: pause, then the native sheet', true, 'shared', ['pause', 'native']],
    ['phone, sheet dismissed: nothing more', true, 'cancelled', ['pause', 'native']],
    ['phone without a usable sheet: the popup', true, 'unavailable', ['pause', 'native', 'popup']],
  ])('%s', async (_name, preferNative, outcome, expected) => {
    const fake = host(preferNative, outcome);
    await openShare(fake);
    expect(fake.calls).toEqual(expected);
  });

  it('asks for the native sheet synchronously, inside the click gesture', () => {
    const fake = host(true, 'shared');
    void openShare(fake);
    expect(fake.calls).toEqual(['pause', 'native']);
  });
});
