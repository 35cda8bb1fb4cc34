import { siteUrls } from '../../../src/contract/site/site-urls.ts';
import type { Queryable } from '../../db/database.ts';
import { newestOf, type SitemapEntry } from './sitemap-xml.ts';

interface Dated {
  lastmod: Date | string | null;
}

const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** What the sitemap lists: the catalogue site's pages and when each last changed. */
export class SitemapRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /**
   * Every page of the catalogue site, from the database: home, each content type, each category,
   * each content and each person. A list page's lastmod is the newest change among the contents of
   * its type (a category's own contents are not worth a join per category for a search engine's hint).
   */
  async entries(): Promise<SitemapEntry[]> {
    // One grouped pass per kind rather than a subquery per row: the generated catalogue has tens of thousands of people.
    const types = await this.db.query<{ slug: string } & Dated>(
      `SELECT t.slug, max(c.updated_at) AS lastmod FROM content_types t LEFT JOIN contents c ON c.content_type = t.slug
       GROUP BY t.id, t.slug, t.position ORDER BY t.position, t.id`,
    );
    const categories = await this.db.query<{ type_slug: string; slug: string }>(
      `SELECT t.slug AS type_slug, k.slug FROM categories k JOIN content_types t ON t.id = k.content_type_id
       ORDER BY t.position, k.position, k.id`,
    );
    const contents = await this.db.query<{ slug: string } & Dated>('SELECT slug, updated_at AS lastmod FROM contents ORDER BY id');
    const persons = await this.db.query<{ id: number } & Dated>(
      `SELECT p.id, max(c.updated_at) AS lastmod FROM persons p
         LEFT JOIN content_persons cp ON cp.person_id = p.id LEFT JOIN contents c ON c.id = cp.content_id
       GROUP BY p.id ORDER BY p.id`,
    );
    const typeLastmod = new Map(types.map((row) => [row.slug, dateOf(row.lastmod)]));
    return [
      { path: siteUrls.home(), lastmod: newestOf(types.map((row) => dateOf(row.lastmod))) },
      ...types.map((row) => ({ path: siteUrls.contentType(row.slug), lastmod: dateOf(row.lastmod) })),
      ...categories.map((row) => ({ path: siteUrls.category(row.type_slug, row.slug), lastmod: typeLastmod.get(row.type_slug) ?? null })),
      ...contents.map((row) => ({ path: siteUrls.content(row.slug), lastmod: dateOf(row.lastmod) })),
      ...persons.map((row) => ({ path: siteUrls.person(row.id), lastmod: dateOf(row.lastmod) })),
    ];
  }
}
