import type { Dsn } from './sentry-envelope.ts';

/** How long the tunnel waits for Sentry before giving up on one envelope. */
export const FORWARD_TIMEOUT_MS = 10_000;

/**
 * Passes an envelope on, unchanged, to the Sentry host of the configured DSN — and only there:
 * the target comes from the server's configuration, never from the envelope, so the tunnel
 * cannot be used as an open proxy. Resolves with Sentry's status.
 */
export async function forwardEnvelope(dsn: Dsn, body: Buffer, fetchImpl: typeof fetch = fetch): Promise<number> {
  const response = await fetchImpl(dsn.envelopeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-sentry-envelope' },
    body: new Uint8Array(body),
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  });
  // The body is not needed; reading it lets the connection be reused.
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}
