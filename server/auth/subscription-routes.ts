import type { FastifyInstance, FastifyRequest } from 'fastify';
import { billingNotifyBodySchema, billingNotifyResultSchema, checkoutSchema, subscriptionQuerySchema } from '../../src/contract/schemas/auth-schema.ts';
import { HttpError } from '../http/http-error.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { SECURITY } from '../openapi/route-docs.ts';
import { AUTH_BODY_LIMIT_BYTES, type AuthRouteOptions } from './auth-route-options.ts';
import { authenticated, callerOf } from './authenticated.ts';
import { BILLING_SIGNATURE_HEADER, verifyBillingSignature } from './billing-signature.ts';

/** A provider's event is a little larger than a form, never more than this. */
const NOTIFY_BODY_LIMIT_BYTES = 16 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A server-to-server call authenticated otherwise (a signature): no browser cookies, no XSRF. */
    authWebhook?: true;
  }
}

/**
 * POST /subscription?plan=: a logged-in viewer opens a checkout for a plan; the answer names it
 * for the billing provider's payment page. POST /subscription/notify: the provider reports a
 * payment, a cancellation or an expiry, signed with BILLING_WEBHOOK_SECRET; that call alone
 * changes the account's subscription (see SubscriptionService).
 */
export async function subscriptionRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { guard, subscriptions } = options;

  app.withTypeProvider<ZodTypeProvider>().post('/subscription', {
    bodyLimit: AUTH_BODY_LIMIT_BYTES,
    ...authenticated(guard),
    schema: {
      summary: 'Open a checkout for a plan', security: SECURITY.session, querystring: subscriptionQuerySchema, response: { 202: checkoutSchema }, errors: [401, 403],
    },
  }, async (request, reply) => reply.status(202).send(await subscriptions.openCheckout(callerOf(request).userId, request.query.plan)));

  // A scope of its own: the signature covers the exact bytes sent, so this one route keeps them.
  await app.register(async (webhook) => {
    const rawBodies = new WeakMap<FastifyRequest, Buffer>();
    const parseJson = webhook.getDefaultJsonParser('error', 'error');
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      parseJson(request, (body as Buffer).toString('utf8'), done);
    });

    webhook.withTypeProvider<ZodTypeProvider>().post('/subscription/notify', {
      bodyLimit: NOTIFY_BODY_LIMIT_BYTES,
      config: { authWebhook: true },
      // The signature is checked before the body is read: a stranger learns nothing of its shape.
      async preValidation(request) {
        const secret = options.billingWebhookSecret;
        if (secret === undefined) throw new HttpError(503, 'billing notifications are off: BILLING_WEBHOOK_SECRET is not set');
        const raw = rawBodies.get(request);
        const signature = request.headers[BILLING_SIGNATURE_HEADER];
        if (!raw || !verifyBillingSignature(secret, raw, typeof signature === 'string' ? signature : undefined)) {
          throw new HttpError(401, `missing, stale or wrong ${BILLING_SIGNATURE_HEADER} header`);
        }
      },
      schema: {
        summary: 'The billing provider reports a payment, a cancellation or an expiry',
        security: SECURITY.billing,
        body: billingNotifyBodySchema,
        response: { 200: billingNotifyResultSchema },
        // 404: the notice names a checkout this server never opened.
        errors: [401, 404, 503],
      },
    }, async (request) => subscriptions.applyEvent(request.body));
  });
}
