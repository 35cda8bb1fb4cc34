import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { damagedDatabaseMessage, DatabaseDamage } from '../../server/db/integrity/damage.ts';
import { verifyDatabase } from '../../server/db/integrity/verify-database.ts';
import { testConfig } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

// The start-up check on the embedded database or on PostgreSQL (DATABASE_URL): what it accepts
// and what it finds. Damage to files is in database-damage.test.ts (embedded database, real
// files); here rows go missing behind the record's back, as only damage makes them.
let db: Database;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  await db.close();
});

async function finding(options?: Parameters<typeof verifyDatabase>[1]): Promise<string> {
  const error = await verifyDatabase(db, options).then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(DatabaseDamage);
  return (error as DatabaseDamage).finding;
}

describe('the start-up check', () => {
  it('runs on a database with data checksums (PGlite makes every folder with them; scripts/with-postgres.sh asks initdb)', async () => {
    const [row] = await db.query<{ data_checksums: string }>('SHOW data_checksums');
    expect(row?.data_checksums).toBe('on');
  });

  it('accepts a database after any writes made through SQL: inserts, deletes, cascades, truncates', async () => {
    await verifyDatabase(db);
    await db.query("INSERT INTO genres (id, slug, title, position) VALUES (900, 'test-genre', 'Тест', 900), (901, 'other-genre', 'Другой', 901)");
    await db.query('DELETE FROM contents WHERE id = 2'); // cascades to its seasons, episodes, sources
    await db.query("INSERT INTO users (email, name, password_hash, role, status) VALUES ('a@test.example', 'A', 'x', 'viewer', 'active')");
    await db.exec('TRUNCATE ad_list_items');
    await verifyDatabase(db);
    // And again: the deltas were folded into one row per table.
    const verified = await verifyDatabase(db);
    expect(verified.tables).toBeGreaterThan(40);
    const [folded] = await db.query<{ rows: string | number }>("SELECT count(*) AS rows FROM row_counts WHERE table_name = 'contents'");
    expect(Number(folded?.rows)).toBe(1);
  });

  it('finds rows gone without their record: a table that holds fewer rows than were written', async () => {
    await db.exec('ALTER TABLE contents DISABLE TRIGGER row_counts_delete');
    await db.query('DELETE FROM contents WHERE id = 7');
    expect(await finding()).toBe('table contents holds 7 rows where 8 were written');
  });

  it('finds a lost record of the counts', async () => {
    await db.exec('ALTER TABLE row_counts DISABLE TRIGGER ALL');
    await db.query("DELETE FROM row_counts WHERE table_name = 'episodes'");
    expect(await finding()).toMatch(/^table episodes has no recorded row count/);
  });

  it('finds an index or a table of the migrations missing', async () => {
    await db.exec('DROP INDEX episodes_content_idx');
    expect(await finding()).toBe('index episodes_content_idx is missing');
    await db.exec('DROP TABLE abuse_reports');
    expect(await finding()).toBe('table abuse_reports is missing');
  });

  it('without amcheck, reads each B-tree through an ordered index scan and accepts an undamaged one', async () => {
    const verified = await verifyDatabase(db, { amcheck: false });
    expect(verified.indexes).toBe('B-tree ordered scans, GIN not checked');
  });
});

describe('the message of a refused start', () => {
  it('names the PostgreSQL database without its password', () => {
    const message = damagedDatabaseMessage({ kind: 'url', url: 'postgres://kino:s3cret@db.example:5432/kino?password=other' }, 'table contents holds 1 rows where 8 were written');
    expect(message).toBe(
      'The database postgres://kino@db.example:5432/kino is damaged: table contents holds 1 rows where 8 were written; ' +
        'restore it from a backup (npm run db:restore -- <backup file> --force). Its data was left as it is.',
    );
    expect(message).not.toContain('s3cret');
  });
});

describe('the record of row counts while the server runs', () => {
  it('is folded into one row per table when the app is ready, not only at the next start-up check', async () => {
    for (let index = 0; index < 5; index += 1) {
      await db.query("INSERT INTO users (email, name, password_hash, role, status) VALUES ($1, 'A', 'x', 'viewer', 'active')", [`fold-${index}@test.example`]);
    }
    const before = await db.query<{ rows: string | number }>("SELECT count(*) AS rows FROM row_counts WHERE table_name = 'users'");
    expect(Number(before[0]?.rows)).toBeGreaterThan(1);
    const app = await buildApp({ config: testConfig(), db });
    try {
      await app.ready();
      await expect.poll(async () => {
        const [after] = await db.query<{ rows: string | number }>("SELECT count(*) AS rows FROM row_counts WHERE table_name = 'users'");
        return Number(after?.rows);
      }, { timeout: 15_000 }).toBe(1);
      await verifyDatabase(db);
    } finally {
      await app.close();
    }
  });
});
