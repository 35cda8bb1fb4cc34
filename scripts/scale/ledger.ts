import type { AnalyticsBatch } from '../../src/contract/schemas/analytics-schema.ts';

/**
 * What the clients saw during the mixed traffic: every call's route, timing and outcome, every
 * write the server acknowledged (2xx), and every failure. The checks judge the cluster by it:
 * an acknowledged write must be found afterwards, and a failure must be explained by the kill.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallRecord {
  route: string;
  method: Method;
  /** ms since the run began (performance.now()). */
  startedAt: number;
  endedAt: number;
  /** 0 when no answer came (the connection failed or timed out). */
  status: number;
  /** The server that answered, by HAProxy's X-Served-By. */
  servedBy?: string;
}

export interface Failure extends CallRecord {
  /** The connection error's code (ECONNRESET, UND_ERR_SOCKET…) or the answer's first words. */
  error: string;
}

/** One viewer's saved time of one episode: the position is that pair's sequence number. */
export interface ProgressKey {
  token: string;
  userId: number;
  contentId: number;
  episodeId: number;
}

export class Ledger {
  readonly calls: CallRecord[] = [];
  readonly failures: Failure[] = [];
  /** The last acknowledged position per viewer and episode ("user/episode"), with its key. */
  readonly progress = new Map<string, { key: ProgressKey; position: number }>();
  /** Every event id a 2xx from /collect acknowledged, in the batches the server took them in. */
  readonly acknowledgedBatches: AnalyticsBatch[] = [];
  readonly acknowledgedEventIds = new Set<string>();
  /** Batches sent without a 2xx back: stored or not, the client cannot tell. */
  readonly unacknowledgedBatches: AnalyticsBatch[] = [];
  /** POSTs under way now (HAProxy retries none of them); sampled at the kill. */
  postsInFlight = 0;

  record(call: CallRecord, error?: string): void {
    this.calls.push(call);
    if (error !== undefined || call.status < 200 || call.status >= 300) this.failures.push({ ...call, error: error ?? `HTTP ${call.status}` });
  }

  acknowledgeProgress(key: ProgressKey, position: number): void {
    const id = `${key.userId}/${key.episodeId}`;
    const known = this.progress.get(id);
    if (!known || known.position < position) this.progress.set(id, { key, position });
  }

  acknowledgeBatch(batch: AnalyticsBatch): void {
    this.acknowledgedBatches.push(batch);
    for (const event of batch.events) this.acknowledgedEventIds.add(event.event_id);
  }

  acknowledgedProgressWrites(): number {
    return this.calls.filter((call) => call.route === 'progress' && call.status >= 200 && call.status < 300).length;
  }
}
