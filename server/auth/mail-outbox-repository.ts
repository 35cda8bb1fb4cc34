import { z } from 'zod';
import type { Queryable } from '../db/database.ts';

export const outboxMessageSchema = z.strictObject({
  id: z.number().int(),
  createdAt: z.string(),
  to: z.string(),
  kind: z.string(),
  subject: z.string(),
  text: z.string(),
  /** When the SMTP server took it; null without SMTP_URL, or while it failed. */
  sentAt: z.string().nullable(),
  sendError: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

interface OutboxRow {
  id: number;
  created_at: Date | string;
  recipient: string;
  kind: string;
  subject: string;
  body: string;
  sent_at: Date | string | null;
  send_error: string | null;
}

/** The mail_outbox table: every mail the service wrote, and whether the SMTP server took it. */
export class MailOutboxRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /** Stores a mail not yet sent; answers its id. */
  async add(mail: { to: string; kind: string; subject: string; text: string }): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: number }>(
      'INSERT INTO mail_outbox (recipient, kind, subject, body) VALUES ($1, $2, $3, $4) RETURNING id',
      [mail.to, mail.kind, mail.subject, mail.text],
    );
    return row?.id;
  }

  async markSent(id: number): Promise<void> {
    await this.db.query('UPDATE mail_outbox SET sent_at = now(), send_error = NULL WHERE id = $1', [id]);
  }

  /** Keeps the first 500 characters of why sending failed. */
  async markFailed(id: number, reason: string): Promise<void> {
    await this.db.query('UPDATE mail_outbox SET send_error = $2 WHERE id = $1', [id, reason.slice(0, 500)]);
  }

  /** Newest first; `to` keeps one recipient's mail. */
  async list(limit: number, to?: string): Promise<OutboxMessage[]> {
    const rows = await this.db.query<OutboxRow>(
      `SELECT id, created_at, recipient, kind, subject, body, sent_at, send_error FROM mail_outbox
       WHERE ($1::text IS NULL OR recipient = $1) ORDER BY id DESC LIMIT $2`,
      [to ?? null, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      to: row.recipient,
      kind: row.kind,
      subject: row.subject,
      text: row.body,
      sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
      sendError: row.send_error,
    }));
  }
}
