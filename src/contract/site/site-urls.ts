/**
 * The catalogue site's page addresses, shared by the server (sitemaps, robots.txt) and the site
 * itself, so a link and its sitemap entry can never disagree. Paths only: the origin is the
 * deployment's (PUBLIC_ORIGIN on the server).
 */
const segment = (text: string): string => encodeURIComponent(text);

export const siteUrls = {
  home: (): string => '/',
  /** All contents of one type: /movie, /series, /cartoon. */
  contentType: (typeSlug: string): string => `/${segment(typeSlug)}`,
  /** A category of a type: /movie/comedy. */
  category: (typeSlug: string, categorySlug: string): string => `/${segment(typeSlug)}/${segment(categorySlug)}`,
  content: (slug: string): string => `/contents/${segment(slug)}`,
  person: (id: number): string => `/persons/${id}`,
} as const;

/** Where the site's operators work; never a page for search engines. */
export const SITE_ADMIN_PATH = '/admin';
