import { describe, expect, it } from 'vitest';
import { siteUrls } from './site-urls.ts';
import { matchSitePath, serverPatterns } from './site-pages.ts';

describe('the site\'s page addresses', () => {
  it.each([
    ['/', 'home', {}],
    ['/search', 'search', {}],
    [siteUrls.contentType('movie'), 'contentType', { type: 'movie' }],
    [siteUrls.category('series', 'drama'), 'category', { type: 'series', category: 'drama' }],
    [siteUrls.content('gorod-bez-karty'), 'content', { slug: 'gorod-bez-karty' }],
    [siteUrls.content('фильм'), 'content', { slug: 'фильм' }],
    [siteUrls.person(42), 'person', { id: '42' }],
    ['/playlists', 'playlists', {}],
    ['/playlists/luchshie-serialy', 'playlist', { slug: 'luchshie-serialy' }],
    ['/history/', 'history', {}],
  ])('%s is the %s page', (path, page, params) => {
    expect(matchSitePath(path)).toEqual({ page, params });
  });

  it.each(['/films', '/films/drama', '/persons/abc', '/persons/0', '/contents', '/contents/a/b', '/movie/drama/extra', '/contents/%E0%A4%A'])(
    '%s is no page of the site',
    (path) => {
      expect(matchSitePath(path).page).toBe('notFound');
    },
  );

  it('spells out each content type for the server, so no catch-all route takes other addresses', () => {
    const patterns = serverPatterns();
    expect(patterns).toContain('/movie');
    expect(patterns).toContain('/cartoon/:category');
    expect(patterns).toContain('/contents/:slug');
    expect(patterns.some((pattern) => pattern.includes(':type'))).toBe(false);
  });
});
