import type { AbuseReport, AbuseReportCreated } from '../../src/contract/schemas/site-schema.ts';
import type { Queryable } from '../db/database.ts';

export interface NewAbuseReport {
  contentId: number;
  episodeId: number | undefined;
  reason: AbuseReport['reason'];
  message: string;
  email: string | undefined;
  clientIp: string;
}

interface ReportRow {
  id: number;
  content_id: number;
  episode_id: number | null;
  reason: AbuseReport['reason'];
  message: string;
  email: string | null;
  created_at: Date | string;
}

/** abuse_reports (migration 011). */
export class AbuseRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /**
   * Stores the report when its content exists and the episode, if named, belongs to it;
   * undefined otherwise. One statement, so a content deleted meanwhile cannot slip in.
   */
  async insert(report: NewAbuseReport): Promise<AbuseReportCreated | undefined> {
    const [row] = await this.db.query<{ id: number; created_at: Date | string }>(
      `INSERT INTO abuse_reports (content_id, episode_id, reason, message, email, client_ip)
       SELECT c.id, $2, $3, $4, $5, $6 FROM contents c
       WHERE c.id = $1 AND ($2::integer IS NULL OR EXISTS (SELECT 1 FROM episodes e WHERE e.id = $2 AND e.content_id = c.id))
       RETURNING id, created_at`,
      [report.contentId, report.episodeId ?? null, report.reason, report.message, report.email ?? null, report.clientIp],
    );
    return row ? { id: row.id, createdAt: new Date(row.created_at).toISOString() } : undefined;
  }

  async contentExists(contentId: number): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM contents WHERE id = $1', [contentId])).length > 0;
  }

  /** Newest first. */
  async latest(limit: number): Promise<AbuseReport[]> {
    const rows = await this.db.query<ReportRow>(
      `SELECT id, content_id, episode_id, reason, message, email, created_at FROM abuse_reports
       ORDER BY created_at DESC, id DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      id: row.id,
      contentId: row.content_id,
      episodeId: row.episode_id,
      reason: row.reason,
      message: row.message,
      email: row.email,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }
}
