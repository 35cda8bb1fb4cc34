import { z } from 'zod';
import type { Queryable } from '../db/database.ts';

export type MailKind = 'signup-code' | 'already-registered' | 'restore-link' | 'password-changed';

export interface OutgoingMail {
  to: string;
  kind: MailKind;
  subject: string;
  text: string;
}

/** Sends one mail somewhere beyond this server (SMTP); throws when it could not. */
export interface MailTransport {
  send(mail: OutgoingMail, from: string): Promise<void>;
}

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

/**
 * Every mail the service writes goes to the mail_outbox table first (the operator reads it at
 * GET /admin/outbox: the local demo's mailbox), then through the transport when there is one.
 */
export class MailOutbox {
  private readonly db: Queryable;
  private readonly transport: MailTransport | undefined;
  private readonly from: string;

  constructor(
    db: Queryable,
    transport: MailTransport | undefined,
    from: string,
  ) {
    this.db = db;
    this.transport = transport;
    this.from = from;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const rows = await this.db.query<{ id: number }>(
      'INSERT INTO mail_outbox (recipient, kind, subject, body) VALUES ($1, $2, $3, $4) RETURNING id',
      [mail.to, mail.kind, mail.subject, mail.text],
    );
    const id = rows[0]?.id;
    if (!this.transport || id === undefined) return;
    try {
      await this.transport.send(mail, this.from);
      await this.db.query('UPDATE mail_outbox SET sent_at = now(), send_error = NULL WHERE id = $1', [id]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.db.query('UPDATE mail_outbox SET send_error = $2 WHERE id = $1', [id, message.slice(0, 500)]);
      throw error;
    }
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
