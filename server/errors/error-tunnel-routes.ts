import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http/http-error.ts';
import type { ErrorReportsRepository } from './error-reports-repository.ts';
import { storable, summarizeEnvelope } from './error-report-summary.ts';
import { EnvelopeError, parseDsn, parseEnvelope, type Dsn } from './sentry-envelope.ts';

export const ERROR_TUNNEL_PATH = '/error-tunnel';
/** A replay segment is the largest envelope a player sends; an error report is a few kB. */
export const ERROR_TUNNEL_BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * Envelopes one client may post per minute: a viewer's errors, and a replay segment every 5 s
 * after a fatal error, fit many times over; a flood does not.
 */
export const ERROR_TUNNEL_RATE_LIMIT_PER_MINUTE = 120;

/**
 * How the SDK posts: a text envelope with fetch's default text/plain, a binary one (a replay)
 * with no type at all, or the envelope type some SDKs and proxies set.
 */
const ENVELOPE_TYPES = new Set(['', 'application/x-sentry-envelope', 'text/plain', 'application/octet-stream']);

/** The stored envelope's event id, when it had one. */
const tunnelAnswerSchema = z.strictObject({ id: z.string().nullable() });

export interface ErrorTunnelOptions {
  reports: ErrorReportsRepository;
  /** ERROR_DSN: when set, only its envelopes are taken. */
  dsn: Dsn | undefined;
  /** ERROR_FORWARD: pass stored envelopes on to the configured DSN's Sentry host. */
  forward: boolean;
  /** Sends one envelope to Sentry; resolves with its status (sentry-forwarder.ts). */
  forwardEnvelope: (dsn: Dsn, body: Buffer) => Promise<number>;
}

/**
 * POST /error-tunnel: the players' Sentry envelopes through our own origin (SPEC.md section 1;
 * the SDK's `tunnel` option), so no third-party request leaves the frame and ad blockers do not
 * drop them. Each is stored (the demo, the tests) and, when configured, forwarded. Registered in
 * a scope of its own: its body parser must not change how any other route reads a body.
 */
export async function errorTunnelRoutes(app: FastifyInstance, options: ErrorTunnelOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    ERROR_TUNNEL_PATH,
    {
      bodyLimit: ERROR_TUNNEL_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: ERROR_TUNNEL_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        summary: 'A player\'s Sentry envelope, stored and perhaps forwarded',
        // Read by the envelope parser below, not by a schema: it is lines of JSON, or binary.
        rawBody: 'A Sentry envelope: a JSON header line naming the DSN, then items',
        consumes: [...ENVELOPE_TYPES].filter(Boolean),
        response: { 200: tunnelAnswerSchema },
        errors: [403, 413, 415, 429],
        refusesWellFormed: 'the text is not a Sentry envelope',
      },
    },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!ENVELOPE_TYPES.has(type)) throw new HttpError(415, `an envelope is sent as application/x-sentry-envelope or text/plain, not ${type}`);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new HttpError(400, 'the envelope is empty');
      const envelope = parseOrRefuse(body);
      const dsn = typeof envelope.header.dsn === 'string' ? parseDsn(envelope.header.dsn) : undefined;
      if (!dsn) throw new HttpError(400, 'the envelope header names no valid DSN');
      if (options.dsn && dsn.text !== options.dsn.text) throw new HttpError(403, 'the envelope is for another DSN');
      const summary = summarizeEnvelope(envelope, body.length);
      const id = await options.reports.insert(summary, headerToKeep(envelope.header));
      if (options.forward && options.dsn) forwardInBackground(options, options.dsn, body, id, request.log);
      void reply.header('cache-control', 'no-store');
      return { id: summary.eventId ?? null };
    },
  );
}

function parseOrRefuse(body: Buffer) {
  try {
    return parseEnvelope(body);
  } catch (error) {
    if (error instanceof EnvelopeError) throw new HttpError(400, `not a Sentry envelope: ${error.message}`);
    throw error;
  }
}

/** The player is answered at once; Sentry being slow or down only shows in the log. */
function forwardInBackground(options: ErrorTunnelOptions, dsn: Dsn, body: Buffer, id: number, log: { warn(object: object, message: string): void }): void {
  options.forwardEnvelope(dsn, body).then(
    async (status) => {
      if (status >= 200 && status < 300) await options.reports.markForwarded(id);
      else log.warn({ status, report: id }, 'Sentry refused a forwarded envelope');
    },
    (error: unknown) => log.warn({ err: error, report: id }, 'an envelope could not be forwarded to Sentry'),
  ).catch((error: unknown) => log.warn({ err: error, report: id }, 'a forwarded envelope could not be marked'));
}

/** Only the header's known fields, made storable: it comes from anyone who can post. */
function headerToKeep(header: Record<string, unknown>): Record<string, unknown> {
  const sdk = header.sdk as { name?: unknown; version?: unknown } | undefined;
  const text = (value: unknown) => (typeof value === 'string' ? storable(value, 300) : undefined);
  return {
    dsn: text(header.dsn),
    sent_at: text(header.sent_at),
    sdk: sdk ? { name: text(sdk.name), version: text(sdk.version) } : undefined,
  };
}
