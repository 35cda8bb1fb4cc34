import { createHmac, timingSafeEqual } from 'node:crypto';

export const BILLING_SIGNATURE_HEADER = 'x-billing-signature';
/** A captured call replayed later than this is refused even with a good signature. */
const TOLERANCE_SECONDS = 300;

/**
 * The billing provider signs each notify call as payment providers commonly do:
 * `X-Billing-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The
 * time is signed too, so an old call cannot be replayed with a fresh time. Several v1 values
 * may be sent while the provider rolls its secret over.
 */
export function billingSignature(secret: string, rawBody: Buffer | string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

export function verifyBillingSignature(secret: string, rawBody: Buffer, header: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!header || header.length > 1000) return false;
  const fields = header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]);
  const timestamp = fields.find(([key]) => key === 't')?.[1];
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex'));
  return fields.some(([key, value]) => key === 'v1' && value !== undefined && value.length === expected.length && timingSafeEqual(Buffer.from(value), expected));
}
