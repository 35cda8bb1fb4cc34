import type { Redirect } from '../../../src/contract/schemas/browse-schema.ts';
import type { Queryable } from '../../db/database.ts';

/** One item of the site's menu as stored: the tree is built from parentId. */
export interface MenuItemRecord {
  id: number;
  parentId: number | null;
  title: string;
  url: string;
}

interface RedirectRow {
  from_path: string;
  to_path: string;
  status_code: Redirect['statusCode'];
}
const toRedirect = (row: RedirectRow): Redirect => ({ fromPath: row.from_path, toPath: row.to_path, statusCode: row.status_code });

/** The site's menu and its old addresses (redirects). */
export class SiteNavigationRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /** Every menu item, in position order (ties by id). */
  async menuItems(): Promise<MenuItemRecord[]> {
    const rows = await this.db.query<{ id: number; parent_id: number | null; title: string; url: string }>(
      'SELECT id, parent_id, title, url FROM menu_items ORDER BY position, id',
    );
    return rows.map((row) => ({ id: row.id, parentId: row.parent_id, title: row.title, url: row.url }));
  }

  /** Where an old path now lives; null when it has no redirect. */
  async redirectFrom(path: string): Promise<Redirect | null> {
    const [row] = await this.db.query<RedirectRow>('SELECT from_path, to_path, status_code FROM redirects WHERE from_path = $1', [path]);
    return row ? toRedirect(row) : null;
  }

  /** The home page's redirect; null when it has none. */
  async mainRedirect(): Promise<Redirect | null> {
    const [row] = await this.db.query<RedirectRow>('SELECT from_path, to_path, status_code FROM redirects WHERE is_main');
    return row ? toRedirect(row) : null;
  }
}
