import type { AnalyticsBatch } from '../../src/contract/schemas/analytics-schema.ts';
import type { Ledger } from './ledger.ts';
import { idsInClickHouse } from './write-checks.ts';

/**
 * The events ClickHouse holds from the run, as batches: every acknowledged batch, and of the
 * batches whose answer never came (cut by the kill), the events that were stored all the same.
 * Posted to the PostgreSQL server, they make the same events on both sides.
 */
export async function eventsToCompare(clickhouseUrl: string, table: string, ledger: Ledger): Promise<AnalyticsBatch[]> {
  const unanswered = ledger.unacknowledgedBatches.flatMap((batch) => batch.events.map((event) => event.event_id));
  const stored = await idsInClickHouse(clickhouseUrl, table, unanswered);
  const storedAnyway = ledger.unacknowledgedBatches
    .map((batch) => ({ ...batch, events: batch.events.filter((event) => stored.has(event.event_id)) }))
    .filter((batch) => batch.events.length > 0);
  return [...ledger.acknowledgedBatches, ...storedAnyway];
}
