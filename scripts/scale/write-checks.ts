import { z } from 'zod';
import { bearer, expectJson } from './http.ts';
import type { Ledger } from './ledger.ts';
import type { CheckResult } from './report.ts';

const progressListSchema = z.object({ items: z.array(z.object({ episodeId: z.number(), time: z.number() })) });

/**
 * Every acknowledged progress write is in the database: read back through the API with the
 * viewer's token, each viewer's saved time of each episode is at least the last position the
 * server acknowledged (a later write may have landed without its answer reaching the client).
 */
export async function checkProgressKept(base: string, ledger: Ledger): Promise<CheckResult> {
  const byViewerContent = new Map<string, { token: string; contentId: number; expected: Map<number, number> }>();
  for (const { key, position } of ledger.progress.values()) {
    const id = `${key.userId}/${key.contentId}`;
    const group = byViewerContent.get(id) ?? { token: key.token, contentId: key.contentId, expected: new Map<number, number>() };
    group.expected.set(key.episodeId, position);
    byViewerContent.set(id, group);
  }
  const behind: string[] = [];
  for (const [id, group] of byViewerContent) {
    const { items } = progressListSchema.parse(await expectJson('GET', `${base}/catalog-api/contents/${group.contentId}/time-progress`, { headers: bearer(group.token) }));
    const stored = new Map(items.map((item) => [item.episodeId, item.time]));
    for (const [episodeId, position] of group.expected) {
      const saved = stored.get(episodeId);
      if (saved === undefined || saved < position) behind.push(`viewer/content ${id} episode ${episodeId}: acknowledged ${position}, stored ${saved ?? 'nothing'}`);
    }
  }
  const writes = ledger.acknowledgedProgressWrites();
  return {
    name: 'no acknowledged progress write lost (PostgreSQL)',
    ok: behind.length === 0 && writes > 0,
    detail: `${writes} writes acknowledged over ${ledger.progress.size} viewer×episode pairs; ${ledger.progress.size - behind.length} pairs hold their last acknowledged position or later, ${behind.length} behind`,
    problems: writes === 0 ? ['no progress write was acknowledged at all'] : behind,
  };
}

/** Ids per query: the IN list stays under ClickHouse's default max_query_size (256 KiB). */
const IDS_PER_QUERY = 4000;

/** Of `ids`, those ClickHouse holds in the analytics events table. */
export async function idsInClickHouse(clickhouseUrl: string, table: string, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let first = 0; first < ids.length; first += IDS_PER_QUERY) {
    const list = ids.slice(first, first + IDS_PER_QUERY).map((id) => `'${id.replace(/[^\w-]/g, '')}'`).join(',');
    const response = await fetch(clickhouseUrl, {
      method: 'POST',
      body: `SELECT DISTINCT toString(event_id) FROM ${table} WHERE toString(event_id) IN (${list}) FORMAT TabSeparated`,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`ClickHouse answered ${response.status}: ${text.slice(0, 300)}`);
    for (const line of text.split('\n')) if (line) found.add(line);
  }
  return found;
}

/** Every event id /collect acknowledged is in ClickHouse, once. */
export async function checkEventsKept(clickhouseUrl: string, table: string, ledger: Ledger): Promise<CheckResult> {
  const acknowledged = [...ledger.acknowledgedEventIds];
  const found = await idsInClickHouse(clickhouseUrl, table, acknowledged);
  const missing = acknowledged.filter((id) => !found.has(id));
  return {
    name: 'no acknowledged analytics event lost (ClickHouse)',
    ok: missing.length === 0 && acknowledged.length > 0,
    detail: `${ledger.acknowledgedBatches.length} batches acknowledged, ${acknowledged.length} event ids; ${found.size} distinct found in ClickHouse, ${missing.length} missing`,
    problems: acknowledged.length === 0 ? ['no analytics batch was acknowledged at all'] : missing.slice(0, 10).map((id) => `missing event ${id}`),
  };
}
