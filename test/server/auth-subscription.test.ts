import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSignature } from '../../server/auth/billing-signature.ts';
import { billingNotifyResultSchema, checkoutSchema, userSchema, type Session } from '../../src/contract/schemas/auth-schema.ts';
import { expectApiError, expectJson, type TestApp } from './helpers.ts';
import { AUTH, bearer, covers, details, newViewer, startAuthApp } from './auth-helpers.ts';

covers('POST /subscription', 'POST /subscription/notify');

const WEBHOOK_SECRET = 'billing-webhook-secret-0123456789';

let t: TestApp;
let viewer: Session;
beforeAll(async () => {
  t = await startAuthApp({ billingWebhookSecret: WEBHOOK_SECRET });
  viewer = (await newViewer(t)).session;
});
afterAll(() => t.close());

const subscribe = (query: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `${AUTH}/subscription${query}`, headers });
const now = () => Math.floor(Date.now() / 1000);

function notify(event: object, { secret = WEBHOOK_SECRET, at = now(), app = t, signature }: { secret?: string; at?: number; app?: TestApp; signature?: string } = {}) {
  const body = JSON.stringify(event);
  return app.app.inject({
    method: 'POST',
    url: `${AUTH}/subscription/notify`,
    headers: { 'content-type': 'application/json', 'x-billing-signature': signature ?? billingSignature(secret, body, at) },
    payload: body,
  });
}

async function checkout(plan = 'monthly'): Promise<string> {
  return expectJson(await subscribe(`?plan=${plan}`, bearer(viewer.accessToken)), 202, checkoutSchema).checkoutId;
}

let eventCount = 0;
const eventId = () => `evt_${Date.now()}_${eventCount++}`;

describe('POST /subscription?plan=', () => {
  it('opens a pending checkout for the caller and changes nothing yet', async () => {
    const response = await subscribe('?plan=yearly', bearer(viewer.accessToken));
    expect(expectJson(response, 202, checkoutSchema)).toMatchObject({ plan: 'yearly', status: 'pending' });
    expect(expectJson(await details(t, bearer(viewer.accessToken)), 200, userSchema).subscription).toBeNull();
  });

  it('401 without a token; 400 for an unknown, missing or repeated plan', async () => {
    expectApiError(await subscribe('?plan=monthly', {}), 401);
    for (const query of ['?plan=forever', '', '?plan=monthly&plan=yearly']) {
      expect(expectApiError(await subscribe(query, bearer(viewer.accessToken)), 400).message).toContain('plan');
    }
  });
});

describe('POST /subscription/notify (the billing provider, signed)', () => {
  it('a signed payment activates the plan until the paid date; the same event again is a duplicate', async () => {
    const checkoutId = await checkout('monthly');
    const event = { eventId: eventId(), type: 'payment.succeeded', checkoutId, paidUntil: '2031-01-31T00:00:00.000Z' };
    expect(expectJson(await notify(event), 200, billingNotifyResultSchema)).toEqual({ status: 'processed' });
    expect(expectJson(await details(t, bearer(viewer.accessToken)), 200, userSchema).subscription).toEqual({
      plan: 'monthly', status: 'active', until: '2031-01-31T00:00:00.000Z',
    });
    expect(expectJson(await notify(event), 200, billingNotifyResultSchema)).toEqual({ status: 'duplicate' });
  });

  it('without paidUntil a payment keeps the plan for its days; a cancellation keeps the date', async () => {
    const checkoutId = await checkout('yearly');
    expectJson(await notify({ eventId: eventId(), type: 'payment.succeeded', checkoutId }), 200, billingNotifyResultSchema);
    const paid = expectJson(await details(t, bearer(viewer.accessToken)), 200, userSchema).subscription;
    const days = (Date.parse(paid?.until ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    expectJson(await notify({ eventId: eventId(), type: 'subscription.cancelled', checkoutId }), 200, billingNotifyResultSchema);
    expect(expectJson(await details(t, bearer(viewer.accessToken)), 200, userSchema).subscription).toEqual({ ...paid, status: 'cancelled' });
  });

  it('a missing, wrong, stale or other-secret signature is 401 and changes nothing', async () => {
    const checkoutId = await checkout();
    const event = { eventId: eventId(), type: 'subscription.expired', checkoutId };
    const body = JSON.stringify(event);
    const good = billingSignature(WEBHOOK_SECRET, body, now());
    for (const signature of ['', 'v1=abc', `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`, `${good.split(',')[0]},v1=${'0'.repeat(64)}`]) {
      expectApiError(await notify(event, { signature }), 401);
    }
    expectApiError(await notify(event, { secret: 'another-secret-0123456789' }), 401);
    expectApiError(await notify(event, { at: now() - 600 }), 401);
    // A signature over other bytes (a re-serialised body) is not the signature of this one.
    expectApiError(await t.app.inject({
      method: 'POST', url: `${AUTH}/subscription/notify`, payload: `${body} `,
      headers: { 'content-type': 'application/json', 'x-billing-signature': good },
    }), 401);
    expect(expectJson(await notify(event), 200, billingNotifyResultSchema)).toEqual({ status: 'processed' });
  });

  it('an unknown checkout is 404 and the event is not recorded (the provider may retry it)', async () => {
    const event = { eventId: eventId(), type: 'payment.succeeded', checkoutId: 'co_unknown' };
    expectApiError(await notify(event), 404);
    expectApiError(await notify(event), 404);
  });

  it('a signed but malformed event is 400 naming the field', async () => {
    expect(expectApiError(await notify({ eventId: eventId(), type: 'payment.refunded', checkoutId: 'x' }), 400).message).toContain('type');
    expect(expectApiError(await notify({ eventId: eventId(), type: 'payment.succeeded', checkoutId: 'x', paidUntil: 'soon' }), 400).message).toContain('paidUntil');
  });

  it('needs no XSRF header even when cookies come along: it is a server\'s call, signed', async () => {
    const checkoutId = await checkout();
    const body = JSON.stringify({ eventId: eventId(), type: 'subscription.expired', checkoutId });
    const response = await t.app.inject({
      method: 'POST', url: `${AUTH}/subscription/notify`, payload: body,
      headers: { 'content-type': 'application/json', 'x-billing-signature': billingSignature(WEBHOOK_SECRET, body, now()), cookie: `authToken=${viewer.accessToken}` },
    });
    expectJson(response, 200, billingNotifyResultSchema);
  });

  it('is off (503) while BILLING_WEBHOOK_SECRET is not set', async () => {
    const off = await startAuthApp();
    try {
      expectApiError(await notify({ eventId: eventId(), type: 'subscription.expired', checkoutId: 'x' }, { app: off }), 503);
    } finally {
      await off.close();
    }
  });
});
