import type { Queryable } from '../db/database.ts';
import type { ErrorReportSummary } from './error-report-summary.ts';

/** One stored envelope, as GET /admin/error-reports lists it. */
export interface StoredErrorReport {
  id: number;
  receivedAt: string;
  eventId: string | null;
  itemTypes: string[];
  project: string | null;
  errorId: string | null;
  errorCode: string | null;
  level: string | null;
  title: string | null;
  tags: Record<string, string>;
  header: Record<string, unknown>;
  sizeBytes: number;
  forwarded: boolean;
}

interface Row {
  id: string | number;
  received_at: Date | string;
  event_id: string | null;
  item_types: string[];
  project: string | null;
  error_id: string | null;
  error_code: string | null;
  level: string | null;
  title: string | null;
  tags: Record<string, string>;
  header: Record<string, unknown>;
  size_bytes: number;
  forwarded: boolean;
}

/** The error tunnel's store (migration 005). */
export class ErrorReportsRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /** Stores one envelope's summary; returns its row id. */
  async insert(summary: ErrorReportSummary, header: Record<string, unknown>): Promise<number> {
    const [row] = await this.db.query<{ id: string | number }>(
      `INSERT INTO error_reports (event_id, item_types, project, error_id, error_code, level, title, tags, header, size_bytes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        summary.eventId ?? null,
        summary.itemTypes,
        summary.tags.project ?? null,
        summary.tags.error_id ?? null,
        summary.tags.error_code ?? null,
        summary.level ?? null,
        summary.title ?? null,
        JSON.stringify(summary.tags),
        JSON.stringify(header),
        summary.sizeBytes,
      ],
    );
    return Number(row!.id);
  }

  async markForwarded(id: number): Promise<void> {
    await this.db.query('UPDATE error_reports SET forwarded = true WHERE id = $1', [id]);
  }

  /** The newest first. */
  async list(limit: number): Promise<StoredErrorReport[]> {
    const rows = await this.db.query<Row>('SELECT * FROM error_reports ORDER BY id DESC LIMIT $1', [limit]);
    return rows.map((row) => ({
      id: Number(row.id),
      receivedAt: new Date(row.received_at).toISOString(),
      eventId: row.event_id,
      itemTypes: row.item_types,
      project: row.project,
      errorId: row.error_id,
      errorCode: row.error_code,
      level: row.level,
      title: row.title,
      tags: row.tags,
      header: row.header,
      sizeBytes: row.size_bytes,
      forwarded: row.forwarded,
    }));
  }
}
