import type { Queryable } from '../db/database.ts';
import type { AdTrackingEvent, AdTrackingRecord } from '../../src/contract/schemas/schema.ts';

export interface AdCreative {
  id: string;
  title: string;
  /** Path under the media root. */
  mediaPath: string;
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  /** hh:mm:ss, or null when the ad cannot be skipped. */
  skipOffset: string | null;
  clickThrough: string;
}

export interface AdBreakLists {
  preroll: string[];
  midroll: string[];
}

/** The demo ad server's data: creatives, the ad list and the tracking record. */
export class AdsRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  async findCreative(id: string): Promise<AdCreative | null> {
    const [row] = await this.db.query<{
      id: string; title: string; media_path: string; duration: number; width: number; height: number;
      skip_offset: string | null; click_through: string;
    }>('SELECT * FROM ad_creatives WHERE id = $1', [id]);
    if (!row) return null;
    return {
      id: row.id,
      title: row.title,
      mediaPath: row.media_path,
      duration: row.duration,
      width: row.width,
      height: row.height,
      skipOffset: row.skip_offset,
      clickThrough: row.click_through,
    };
  }

  /** Creative ids of each break, in play order. */
  async breakLists(): Promise<AdBreakLists> {
    const rows = await this.db.query<{ break_type: 'preroll' | 'midroll'; creative_id: string }>(
      'SELECT break_type, creative_id FROM ad_list_items ORDER BY break_type, position, id',
    );
    const pick = (type: 'preroll' | 'midroll') => rows.filter((row) => row.break_type === type).map((row) => row.creative_id);
    return { preroll: pick('preroll'), midroll: pick('midroll') };
  }

  /** `via`: the demo wrapper whose beacon this was; null for the creative's own. */
  async recordTracking(creativeId: string, event: AdTrackingEvent, errorCode: number | null, via: string | null = null): Promise<void> {
    await this.db.query(
      'INSERT INTO ad_tracking_events (creative_id, event, error_code, via) VALUES ($1, $2, $3, $4)',
      [creativeId, event, errorCode, via],
    );
  }

  /** Deletes the tracking hits that arrived more than `days` days ago; returns how many. */
  async deleteTrackingReceivedBefore(days: number): Promise<number> {
    const [row] = await this.db.query<{ deleted: number }>(
      `WITH gone AS (DELETE FROM ad_tracking_events WHERE received_at < now() - make_interval(days => $1) RETURNING 1)
       SELECT count(*)::int AS deleted FROM gone`,
      [days],
    );
    return row?.deleted ?? 0;
  }

  /** Tracking hits in arrival order; `afterId` lets a test read only what its own run caused. */
  async listTracking(filter: { creativeId?: string | undefined; afterId?: number | undefined }): Promise<AdTrackingRecord[]> {
    const rows = await this.db.query<{ id: string | number; creative_id: string; event: AdTrackingEvent; error_code: number | null; via: string | null; received_at: Date | string }>(
      `SELECT id, creative_id, event, error_code, via, received_at FROM ad_tracking_events
       WHERE ($1::text IS NULL OR creative_id = $1) AND id > $2
       ORDER BY id LIMIT 1000`,
      [filter.creativeId ?? null, filter.afterId ?? 0],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      creativeId: row.creative_id,
      event: row.event,
      errorCode: row.error_code,
      via: row.via,
      receivedAt: new Date(row.received_at).toISOString(),
    }));
  }
}
