import { siteUrls } from '../../src/api/site-urls.ts';
import type { Queryable } from '../db/database.ts';

/** One page of the site as a sitemap lists it: its path and when what it shows last changed. */
export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

interface Dated {
  lastmod: Date | string | null;
}

const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * Every page of the catalogue site, from the database: home, each content type, each category,
 * each content and each person. A list page's lastmod is the newest change among the contents of
 * its type (a category's own contents are not worth a join per category for a search engine's hint).
 */
export async function sitemapEntries(db: Queryable): Promise<SitemapEntry[]> {
  const types = await db.query<{ slug: string } & Dated>(
    `SELECT t.slug, (SELECT max(c.updated_at) FROM contents c WHERE c.content_type = t.slug) AS lastmod
     FROM content_types t ORDER BY t.position, t.id`,
  );
  const categories = await db.query<{ type_slug: string; slug: string } & Dated>(
    `SELECT t.slug AS type_slug, k.slug, (SELECT max(c.updated_at) FROM contents c WHERE c.content_type = t.slug) AS lastmod
     FROM categories k JOIN content_types t ON t.id = k.content_type_id ORDER BY t.position, k.position, k.id`,
  );
  const contents = await db.query<{ slug: string } & Dated>('SELECT slug, updated_at AS lastmod FROM contents ORDER BY id');
  const persons = await db.query<{ id: number } & Dated>(
    `SELECT p.id, (SELECT max(c.updated_at) FROM content_persons cp JOIN contents c ON c.id = cp.content_id WHERE cp.person_id = p.id) AS lastmod
     FROM persons p ORDER BY p.id`,
  );
  const newest = contents.reduce<Date | null>((latest, row) => {
    const date = dateOf(row.lastmod);
    return date && (!latest || date > latest) ? date : latest;
  }, null);
  return [
    { path: siteUrls.home(), lastmod: newest },
    ...types.map((row) => ({ path: siteUrls.contentType(row.slug), lastmod: dateOf(row.lastmod) })),
    ...categories.map((row) => ({ path: siteUrls.category(row.type_slug, row.slug), lastmod: dateOf(row.lastmod) })),
    ...contents.map((row) => ({ path: siteUrls.content(row.slug), lastmod: dateOf(row.lastmod) })),
    ...persons.map((row) => ({ path: siteUrls.person(row.id), lastmod: dateOf(row.lastmod) })),
  ];
}
