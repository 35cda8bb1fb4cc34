import { PLAN_DAYS, type BillingNotify, type Plan } from '../../src/contract/schemas/auth-schema.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { randomToken } from './secret-tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Subscriptions: a viewer opens a checkout for a plan (POST /subscription?plan=); the billing
 * provider takes the payment and reports it (POST /subscription/notify), which is what changes
 * the subscription. The viewer's call alone never grants anything.
 */
export class SubscriptionService {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async openCheckout(userId: number, plan: Plan): Promise<{ checkoutId: string; plan: Plan; status: 'pending' }> {
    const checkoutId = `co_${randomToken(16)}`;
    await this.db.query('INSERT INTO subscription_checkouts (id, user_id, plan) VALUES ($1, $2, $3)', [checkoutId, userId, plan]);
    return { checkoutId, plan, status: 'pending' };
  }

  /**
   * Applies one provider event once: a resent event (same eventId) changes nothing. A payment
   * activates the checkout's plan until paidUntil (or the plan's days from now); cancellation
   * and expiry set the status and keep the paid-until date.
   */
  async applyEvent(event: BillingNotify): Promise<{ status: 'processed' | 'duplicate' }> {
    return this.db.transaction(async (tx) => {
      const fresh = await tx.query(
        'INSERT INTO billing_events (event_id, type, checkout_id) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING RETURNING event_id',
        [event.eventId, event.type, event.checkoutId],
      );
      if (fresh.length === 0) return { status: 'duplicate' as const };
      const checkouts = await tx.query<{ user_id: number; plan: Plan }>('SELECT user_id, plan FROM subscription_checkouts WHERE id = $1', [event.checkoutId]);
      const checkout = checkouts[0];
      // Thrown inside the transaction: the event is not recorded, so the provider may retry it.
      if (!checkout) throw new HttpError(404, `no checkout ${event.checkoutId}`);
      if (event.type === 'payment.succeeded') {
        const paidUntil = event.paidUntil ? new Date(event.paidUntil) : new Date(Date.now() + PLAN_DAYS[checkout.plan] * DAY_MS);
        await tx.query(
          `INSERT INTO subscriptions (user_id, plan, status, paid_until) VALUES ($1, $2, 'active', $3)
           ON CONFLICT (user_id) DO UPDATE SET plan = EXCLUDED.plan, status = 'active', paid_until = EXCLUDED.paid_until, updated_at = now()`,
          [checkout.user_id, checkout.plan, paidUntil],
        );
        await tx.query('UPDATE subscription_checkouts SET completed_at = now() WHERE id = $1', [event.checkoutId]);
      } else {
        const status = event.type === 'subscription.cancelled' ? 'cancelled' : 'expired';
        await tx.query(
          `INSERT INTO subscriptions (user_id, plan, status) VALUES ($1, $2, $3)
           ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()`,
          [checkout.user_id, checkout.plan, status],
        );
      }
      return { status: 'processed' as const };
    });
  }
}
