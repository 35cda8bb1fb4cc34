import { describe, expect, it, vi } from 'vitest';
import { prefersNativeShare, shareNatively, type ShareNavigator } from './native-share.ts';

const URL_TO_SHARE = 'https://kino.example/serials/dark/season-1/episode-2?t=65';

function fakeNavigator(share: ShareNavigator['share'], canShare: ShareNavigator['canShare'] = () => true): ShareNavigator {
  return { share, canShare };
}

function domError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

describe('shareNatively (SPEC.md section 2: native share on mobile)', () => {
  it('opens the sheet with the link and title and reports it shared', async () => {
    const share = vi.fn(async () => {});
    const log = vi.fn();
    expect(await shareNatively(URL_TO_SHARE, 'Тьма', fakeNavigator(share), log)).toBe('shared');
    expect(share).toHaveBeenCalledWith({ url: URL_TO_SHARE, title: 'Тьма' });
    expect(log).not.toHaveBeenCalled();
  });

  it('calls share before awaiting anything, inside the click gesture', () => {
    const share = vi.fn(() => new Promise<void>(() => {}));
    void shareNatively(URL_TO_SHARE, 'Тьма', fakeNavigator(share), vi.fn());
    expect(share).toHaveBeenCalledOnce();
  });

  it('reports a dismissed sheet as cancelled without logging', async () => {
    const log = vi.fn();
    const nav = fakeNavigator(async () => Promise.reject(domError('AbortError')));
    expect(await shareNatively(URL_TO_SHARE, 'Тьма', nav, log)).toBe('cancelled');
    expect(log).not.toHaveBeenCalled();
  });

  it.each(['NotAllowedError', 'InvalidStateError', 'TypeError'])('logs %s only and lets the popup take over', async (name) => {
    const log = vi.fn();
    const error = domError(name);
    const nav = fakeNavigator(async () => Promise.reject(error));
    expect(await shareNatively(URL_TO_SHARE, 'Тьма', nav, log)).toBe('unavailable');
    expect(log).toHaveBeenCalledWith(expect.any(String), error);
  });

  it.each<[string, ShareNavigator | undefined]>([
    ['no navigator', undefined],
    ['no share', { canShare: () => true }],
    ['no canShare', { share: async () => {} }],
    ['canShare refuses', fakeNavigator(async () => {}, () => false)],
    [
      'canShare throws',
      fakeNavigator(
        async () => {},
        () => {
          throw new TypeError('bad');
        },
      ),
    ],
  ])('is unavailable with %s, without opening a sheet', async (_name, nav) => {
    const share = nav?.share ? vi.spyOn(nav, 'share') : undefined;
    expect(await shareNatively(URL_TO_SHARE, 'Тьма', nav, vi.fn())).toBe('unavailable');
    if (share) expect(share).not.toHaveBeenCalled();
  });

  it('asks canShare about the URL', async () => {
    const canShare = vi.fn(() => true);
    await shareNatively(URL_TO_SHARE, 'Тьма', fakeNavigator(async () => {}, canShare), vi.fn());
    expect(canShare).toHaveBeenCalledWith({ url: URL_TO_SHARE });
  });
});

describe('prefersNativeShare', () => {
  it('is true only where the primary pointer is coarse and cannot hover (phones, tablets)', () => {
    const query = vi.fn((q: string) => ({ matches: q === '(hover: none) and (pointer: coarse)' }));
    expect(prefersNativeShare(query)).toBe(true);
    expect(prefersNativeShare(() => ({ matches: false }))).toBe(false);
    expect(prefersNativeShare(undefined)).toBe(false);
  });
});
