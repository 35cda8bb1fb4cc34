/**
 * The catalogue site's pages and their address patterns: the one table the app routes by and the
 * server answers with the app's index.html for (server/site/pages), so a link the app writes, a
 * sitemap entry (src/contract/site/site-urls.ts) and an address opened directly always agree.
 */
import { CONTENT_TYPE_SLUGS } from '../schemas/catalogue-schema.ts';

export const SITE_PAGES = {
  home: '/',
  search: '/search',
  content: '/contents/:slug',
  person: '/persons/:id',
  login: '/login',
  signup: '/signup',
  restore: '/restore',
  favourites: '/favourites',
  history: '/history',
  playlists: '/playlists',
  playlist: '/playlists/:slug',
  /** All contents of a type (its category 'all'): /movie. */
  contentType: '/:type',
  /** A category of a type: /movie/comedy. */
  category: '/:type/:category',
} as const;
export type SitePageName = keyof typeof SITE_PAGES;

export interface SiteRoute {
  page: SitePageName | 'notFound';
  params: Record<string, string>;
}

const TYPE_SLUGS: ReadonlySet<string> = new Set(CONTENT_TYPE_SLUGS);
/** Constraints a parameter's value must meet, beyond being one non-empty segment. */
const PARAM_RULES: Record<string, (value: string) => boolean> = {
  type: (value) => TYPE_SLUGS.has(value),
  id: (value) => /^[1-9]\d{0,9}$/.test(value),
};

function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | undefined {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? '';
    if (!part.startsWith(':')) {
      if (part !== segment) return undefined;
      continue;
    }
    const name = part.slice(1);
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (!value || !(PARAM_RULES[name]?.(value) ?? true)) return undefined;
    params[name] = value;
  }
  return params;
}

/** The page a path names; static patterns are tried before parametric ones, as the server's router does. */
export function matchSitePath(pathname: string): SiteRoute {
  const segments = pathname.split('/').filter(Boolean);
  const entries = Object.entries(SITE_PAGES) as Array<[SitePageName, string]>;
  const ordered = [...entries.filter(([, pattern]) => !pattern.includes(':')), ...entries.filter(([, pattern]) => pattern.includes(':'))];
  for (const [page, pattern] of ordered) {
    const params = matchPattern(pattern, segments);
    if (params) return { page, params };
  }
  return { page: 'notFound', params: {} };
}

/** The patterns as the server registers them: each content type's pages spelt out, so no catch-all steals other routes. */
export function serverPatterns(): string[] {
  return Object.values(SITE_PAGES).flatMap((pattern) =>
    pattern.startsWith('/:type') ? CONTENT_TYPE_SLUGS.map((slug) => pattern.replace(':type', slug)) : [pattern],
  );
}
