import type { BillingNotify, Plan } from '../../src/contract/schemas/auth-schema.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';

/** A checkout a viewer opened: whose it is and which plan it is for. */
export interface Checkout {
  userId: number;
  plan: Plan;
}

/** What a provider event does to its checkout's subscription. */
export type SubscriptionChange =
  | { kind: 'activate'; paidUntil: Date }
  | { kind: 'status'; status: 'cancelled' | 'expired' };

/** Checkouts, the billing provider's events (each kept once) and the subscriptions they change. */
export class SubscriptionsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async openCheckout(checkoutId: string, userId: number, plan: Plan): Promise<void> {
    await this.db.query('INSERT INTO subscription_checkouts (id, user_id, plan) VALUES ($1, $2, $3)', [checkoutId, userId, plan]);
  }

  /**
   * Records one provider event and applies the change `decide` picks for its checkout, in one
   * transaction: 'duplicate' when the event was recorded before (nothing changes); 404 for an
   * unknown checkout, thrown inside the transaction so the event is not recorded and the
   * provider may retry it. Activating a plan also completes its checkout.
   */
  async applyEvent(
    event: Pick<BillingNotify, 'eventId' | 'type' | 'checkoutId'>,
    decide: (checkout: Checkout) => SubscriptionChange,
  ): Promise<'processed' | 'duplicate'> {
    return this.db.transaction(async (tx) => {
      const fresh = await tx.query(
        'INSERT INTO billing_events (event_id, type, checkout_id) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING RETURNING event_id',
        [event.eventId, event.type, event.checkoutId],
      );
      if (fresh.length === 0) return 'duplicate' as const;
      const [row] = await tx.query<{ user_id: number; plan: Plan }>('SELECT user_id, plan FROM subscription_checkouts WHERE id = $1', [event.checkoutId]);
      if (!row) throw new HttpError(404, `no checkout ${event.checkoutId}`);
      const change = decide({ userId: row.user_id, plan: row.plan });
      if (change.kind === 'activate') {
        await tx.query(
          `INSERT INTO subscriptions (user_id, plan, status, paid_until) VALUES ($1, $2, 'active', $3)
           ON CONFLICT (user_id) DO UPDATE SET plan = EXCLUDED.plan, status = 'active', paid_until = EXCLUDED.paid_until, updated_at = now()`,
          [row.user_id, row.plan, change.paidUntil],
        );
        await tx.query('UPDATE subscription_checkouts SET completed_at = now() WHERE id = $1', [event.checkoutId]);
      } else {
        await tx.query(
          `INSERT INTO subscriptions (user_id, plan, status) VALUES ($1, $2, $3)
           ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()`,
          [row.user_id, row.plan, change.status],
        );
      }
      return 'processed' as const;
    });
  }
}
