import { describe, expect, it } from 'vitest';
import { buildShareLink, formatTimeCode, socialShareLinks, type ShareLinkOptions } from './share-link.ts';

describe('buildShareLink (SPEC.md section 5)', () => {
  it.each<[string, string, ShareLinkOptions, string]>([
    ['a film page keeps its path', 'https://kino.example/films/matrix', {}, 'https://kino.example/films/matrix'],
    [
      'a film page with the time',
      'https://kino.example/films/matrix',
      { timeSeconds: 65 },
      'https://kino.example/films/matrix?t=65',
    ],
    [
      'a series page gets the current season and episode in place',
      'https://kino.example/serials/dark/season-1/episode-3/reviews',
      { season: 2, episode: 10 },
      'https://kino.example/serials/dark/season-2/episode-10/reviews',
    ],
    [
      'segments are appended to a series page without them',
      'https://kino.example/serials/dark',
      { season: 2, episode: 5 },
      'https://kino.example/serials/dark/season-2/episode-5',
    ],
    [
      'appended segments keep the trailing slash last',
      'https://kino.example/serials/dark/',
      { season: 1, episode: 2 },
      'https://kino.example/serials/dark/season-1/episode-2/',
    ],
    ['appended to the site root', 'https://kino.example/', { season: 1, episode: 2 }, 'https://kino.example/season-1/episode-2'],
    [
      'nothing is appended with only a season',
      'https://kino.example/serials/dark',
      { season: 3 },
      'https://kino.example/serials/dark',
    ],
    [
      'a look-alike segment is not replaced',
      'https://kino.example/season-1/episode-2x',
      { season: 4, episode: 5 },
      'https://kino.example/season-1/episode-2x/season-4/episode-5',
    ],
    [
      't is rounded to whole seconds',
      'https://kino.example/films/matrix',
      { timeSeconds: 65.5 },
      'https://kino.example/films/matrix?t=66',
    ],
    ['t is never negative', 'https://kino.example/f', { timeSeconds: -0.4 }, 'https://kino.example/f?t=0'],
    ['a time that is not a number adds no t', 'https://kino.example/f', { timeSeconds: Number.NaN }, 'https://kino.example/f'],
    [
      'an old t is replaced',
      'https://kino.example/f?t=10&lang=ru',
      { timeSeconds: 20.2 },
      'https://kino.example/f?lang=ru&t=20',
    ],
    [
      'an old t is removed without a time',
      'https://kino.example/f?a=1&t=10&b=2',
      {},
      'https://kino.example/f?a=1&b=2',
    ],
    ['the only t is removed with the question mark', 'https://kino.example/f?t=10', {}, 'https://kino.example/f'],
    [
      'the query is kept byte for byte',
      'https://kino.example/f?q=a%20b+c&flag&tt=1&utm_source=x',
      { timeSeconds: 3 },
      'https://kino.example/f?q=a%20b+c&flag&tt=1&utm_source=x&t=3',
    ],
    [
      'the hash is dropped',
      'https://kino.example/serials/dark/season-1/episode-1?x=1#comments',
      { season: 1, episode: 2 },
      'https://kino.example/serials/dark/season-1/episode-2?x=1',
    ],
    ['credentials are dropped', 'https://user:secret@kino.example:8443/f', {}, 'https://kino.example:8443/f'],
    [
      'a link to an episode drops the query parameters that name another one',
      'https://player.example/embed?movie_id=2&enabled_share&episode_id=201&season=1&episode=1&episode_variant_id=9&episode_time=30',
      { season: 1, episode: 3, timeSeconds: 7 },
      'https://player.example/embed/season-1/episode-3?movie_id=2&enabled_share&t=7',
    ],
    [
      'a film keeps the host\'s own parameters, whatever their names',
      'https://kino.example/f?episode=pilot&season=autumn',
      {},
      'https://kino.example/f?episode=pilot&season=autumn',
    ],
  ])('%s', (_name, pageUrl, options, expected) => {
    expect(buildShareLink(pageUrl, options)).toBe(expected);
  });

  it.each(['', 'not a url', '/films/matrix', 'about:srcdoc', 'javascript:alert(1)', 'data:text/html,x'])(
    'refuses the page address %j',
    (pageUrl) => {
      expect(() => buildShareLink(pageUrl, {})).toThrow(/not an absolute http\(s\) URL/);
    },
  );

  it.each<ShareLinkOptions>([{ season: 1.5, episode: 1 }, { season: 1, episode: -1 }, { season: 1, episode: Number.NaN }])(
    'refuses the orders %j',
    (options) => {
      expect(() => buildShareLink('https://kino.example/s', options)).toThrow(RangeError);
    },
  );
});

describe('socialShareLinks (SPEC.md section 2)', () => {
  it('gives Telegram, WhatsApp, Facebook, X and VK with the URL encoded as the parameter', () => {
    const url = 'https://kino.example/serials/dark/season-1/episode-2?a=1&t=65';
    const encoded = 'https%3A%2F%2Fkino.example%2Fserials%2Fdark%2Fseason-1%2Fepisode-2%3Fa%3D1%26t%3D65';
    expect(socialShareLinks(url)).toEqual([
      { id: 'telegram', label: 'Telegram', href: `https://t.me/share/url?url=${encoded}` },
      { id: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encoded}` },
      { id: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
      { id: 'x', label: 'X', href: `https://twitter.com/intent/tweet?url=${encoded}` },
      { id: 'vk', label: 'VK', href: `https://vk.com/share.php?url=${encoded}` },
    ]);
  });

  it('keeps the shared URL whole when a site reads its parameter back', () => {
    const url = 'https://kino.example/f?a=1&t=5#x';
    for (const { href } of socialShareLinks(url)) {
      const params = new URL(href).searchParams;
      expect([params.get('url'), params.get('text'), params.get('u')]).toContain(url);
    }
  });
});

describe('formatTimeCode', () => {
  it.each([
    [0, '0:00:00'],
    [65, '0:01:05'],
    [3723, '1:02:03'],
    [59.6, '0:01:00'],
    [36000, '10:00:00'],
    [-5, '0:00:00'],
    [Number.NaN, '0:00:00'],
    [Number.POSITIVE_INFINITY, '0:00:00'],
  ])('%d s → %s', (seconds, expected) => {
    expect(formatTimeCode(seconds)).toBe(expected);
  });
});
