import type { Queryable } from '../db/database.ts';
import { MailOutboxRepository, type OutboxMessage } from './mail-outbox-repository.ts';

export { outboxMessageSchema, type OutboxMessage } from './mail-outbox-repository.ts';

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

/**
 * Every mail the service writes goes to the mail_outbox table first (the operator reads it at
 * GET /admin/outbox: the local demo's mailbox), then through the transport when there is one.
 */
export class MailOutbox {
  private readonly messages: MailOutboxRepository;
  private readonly transport: MailTransport | undefined;
  private readonly from: string;

  constructor(
    db: Queryable,
    transport: MailTransport | undefined,
    from: string,
  ) {
    this.messages = new MailOutboxRepository(db);
    this.transport = transport;
    this.from = from;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const id = await this.messages.add(mail);
    if (!this.transport || id === undefined) return;
    try {
      await this.transport.send(mail, this.from);
      await this.messages.markSent(id);
    } catch (error) {
      await this.messages.markFailed(id, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  /** Newest first; `to` keeps one recipient's mail. */
  list(limit: number, to?: string): Promise<OutboxMessage[]> {
    return this.messages.list(limit, to);
  }
}
