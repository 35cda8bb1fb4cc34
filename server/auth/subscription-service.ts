import { PLAN_DAYS, type BillingNotify, type Plan } from '../../src/contract/schemas/auth-schema.ts';
import type { Database } from '../db/database.ts';
import { randomToken } from './secret-tokens.ts';
import { SubscriptionsRepository, type SubscriptionChange } from './subscriptions-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Subscriptions: a viewer opens a checkout for a plan (POST /subscription?plan=); the billing
 * provider takes the payment and reports it (POST /subscription/notify), which is what changes
 * the subscription. The viewer's call alone never grants anything.
 */
export class SubscriptionService {
  private readonly subscriptions: SubscriptionsRepository;

  constructor(db: Database) {
    this.subscriptions = new SubscriptionsRepository(db);
  }

  async openCheckout(userId: number, plan: Plan): Promise<{ checkoutId: string; plan: Plan; status: 'pending' }> {
    const checkoutId = `co_${randomToken(16)}`;
    await this.subscriptions.openCheckout(checkoutId, userId, plan);
    return { checkoutId, plan, status: 'pending' };
  }

  /**
   * Applies one provider event once: a resent event (same eventId) changes nothing. A payment
   * activates the checkout's plan until paidUntil (or the plan's days from now); cancellation
   * and expiry set the status and keep the paid-until date. An unknown checkout is a 404.
   */
  async applyEvent(event: BillingNotify): Promise<{ status: 'processed' | 'duplicate' }> {
    const status = await this.subscriptions.applyEvent(event, ({ plan }): SubscriptionChange => {
      if (event.type === 'payment.succeeded') {
        return { kind: 'activate', paidUntil: event.paidUntil ? new Date(event.paidUntil) : new Date(Date.now() + PLAN_DAYS[plan] * DAY_MS) };
      }
      return { kind: 'status', status: event.type === 'subscription.cancelled' ? 'cancelled' : 'expired' };
    });
    return { status };
  }
}
