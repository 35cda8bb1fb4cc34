import type { z } from 'zod';
import type { personContentsSchema, personPageSchema, personTypeSchema } from '../../../src/contract/schemas/browse-schema.ts';
import type { Paging } from '../../../src/contract/schemas/catalogue-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { loadContentCards } from '../content-cards.ts';

type PersonType = z.infer<typeof personTypeSchema>;
type PersonPage = z.infer<typeof personPageSchema>;
type PersonContents = z.infer<typeof personContentsSchema>;

interface PersonRow {
  id: number;
  slug: string;
  name: string;
  original_name: string;
  birth_year: number | null;
  photo_path: string | null;
  contents_count: number;
}

const toPerson = (row: PersonRow) => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  originalName: row.original_name,
  birthYear: row.birth_year,
  photoUrl: row.photo_path,
  contentsCount: row.contents_count,
});

/** `%`, `_` and `\` match themselves in a LIKE pattern built from a viewer's text. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Kinds of credit, the people credited in each, and what a person took part in. */
export class PeopleRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /** Kinds of credit in the site's order, each with how many people have it. */
  async personTypes(): Promise<PersonType[]> {
    const rows = await this.db.query<{ id: number; slug: string; title: string; persons_count: number }>(
      `SELECT pt.id, pt.slug, pt.title,
         (SELECT count(DISTINCT cp.person_id)::int FROM content_persons cp WHERE cp.person_type_id = pt.id) AS persons_count
       FROM person_types pt ORDER BY pt.position, pt.id`,
    );
    return rows.map(({ persons_count, ...type }) => ({ ...type, personsCount: persons_count }));
  }

  /**
   * A page of the people credited in one role, most contents first, keeping the names (Russian or
   * original) that contain `query`, case aside; null when the role is unknown.
   */
  async personsOfType(slug: string, { page, pageSize, query }: Paging & { query?: string | undefined }): Promise<PersonPage | null> {
    const [type] = await this.db.query<{ id: number }>('SELECT id FROM person_types WHERE slug = $1', [slug]);
    if (!type) return null;
    const pattern = query ? `%${likeEscaped(query)}%` : null;
    const credited = `FROM content_persons cp JOIN persons p ON p.id = cp.person_id
      WHERE cp.person_type_id = $1 AND ($2::text IS NULL OR p.name ILIKE $2 OR p.original_name ILIKE $2)`;
    const [counted] = await this.db.query<{ total: number }>(`SELECT count(DISTINCT p.id)::int AS total ${credited}`, [type.id, pattern]);
    const rows = await this.db.query<PersonRow>(
      `SELECT p.id, p.slug, p.name, p.original_name, p.birth_year, p.photo_path, count(*)::int AS contents_count ${credited}
       GROUP BY p.id ORDER BY contents_count DESC, p.id LIMIT $3 OFFSET $4`,
      [type.id, pattern, pageSize, (page - 1) * pageSize],
    );
    return { items: rows.map(toPerson), total: counted?.total ?? 0, page, pageSize };
  }

  /** A person and a page of the contents they took part in, newest first, with their roles; null when unknown. */
  async personWithContents(id: number, { page, pageSize }: Paging): Promise<PersonContents | null> {
    const [person] = await this.db.query<PersonRow>(
      `SELECT p.id, p.slug, p.name, p.original_name, p.birth_year, p.photo_path,
         (SELECT count(DISTINCT cp.content_id)::int FROM content_persons cp WHERE cp.person_id = p.id) AS contents_count
       FROM persons p WHERE p.id = $1`,
      [id],
    );
    if (!person) return null;
    const rows = await this.db.query<{ content_id: number; roles: Array<{ type: { slug: string; title: string }; characterName: string | null }> }>(
      `SELECT cp.content_id,
         json_agg(json_build_object('type', json_build_object('slug', pt.slug, 'title', pt.title), 'characterName', cp.character_name)
           ORDER BY pt.position) AS roles
       FROM content_persons cp JOIN person_types pt ON pt.id = cp.person_type_id JOIN contents c ON c.id = cp.content_id
       WHERE cp.person_id = $1
       GROUP BY cp.content_id, c.year ORDER BY c.year DESC, cp.content_id DESC LIMIT $2 OFFSET $3`,
      [id, pageSize, (page - 1) * pageSize],
    );
    const cards = new Map((await loadContentCards(this.db, rows.map((row) => row.content_id))).map((card) => [card.id, card]));
    const items = rows.flatMap((row) => {
      const content = cards.get(row.content_id);
      return content ? [{ content, roles: row.roles }] : [];
    });
    return { person: toPerson(person), contents: { items, total: person.contents_count, page, pageSize } };
  }
}
