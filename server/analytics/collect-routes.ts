import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { analyticsBatchSchema, type CollectResult } from '../../src/api/analytics-schema.ts';
import { HttpError } from '../http/http-error.ts';
import type { AnalyticsRepository } from './analytics-repository.ts';

/**
 * 64 kB: what sendBeacon and fetch(keepalive) can carry at most. The player keeps its batches
 * under 60 000 bytes (MAX_BATCH_BYTES); anything past the browser's own limit is not a player.
 */
export const COLLECT_BODY_LIMIT_BYTES = 64 * 1024;
/** A field error message names at most this many problems; one is usually enough to fix a client. */
const MAX_REPORTED_ISSUES = 10;

export interface CollectRoutesOptions {
  analytics: AnalyticsRepository;
  /** Batches per minute per client; 0: no limit. */
  rateLimitPerMinute: number;
}

/**
 * POST /collect: the players' analytics batches (SPEC.md section 7). Registered in a scope of
 * its own: the text/plain parser below must not change how any other route reads its body.
 * CORS comes from the app (any origin, no credentials), so a host may run the collector apart.
 */
export async function collectRoutes(app: FastifyInstance, options: CollectRoutesOptions): Promise<void> {
  // navigator.sendBeacon with a string sends text/plain;charset=UTF-8 (and a JSON Blob would need
  // a CORS preflight a beacon cannot make): the text is the same JSON, parsed the same way.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  const rateLimit = options.rateLimitPerMinute > 0 ? { max: options.rateLimitPerMinute, timeWindow: 60_000 } : false;
  app.post('/collect', { bodyLimit: COLLECT_BODY_LIMIT_BYTES, config: { rateLimit } }, async (request, reply): Promise<CollectResult> => {
    const parsed = analyticsBatchSchema.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, `invalid analytics batch: ${describeIssues(parsed.error.issues)}`);
    const unstorable = unstorableTextPath(parsed.data, []);
    if (unstorable) throw new HttpError(400, `invalid analytics batch: ${unstorable}: text must not contain NUL or unpaired surrogates`);
    void reply.header('cache-control', 'no-store');
    return options.analytics.insertEvents(parsed.data.events);
  });
}

/** "events.0.payload.video_id: Invalid input: expected number, received string; …" */
function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const described = issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  if (issues.length > MAX_REPORTED_ISSUES) described.push(`and ${issues.length - MAX_REPORTED_ISSUES} more`);
  return described.join('; ');
}

/**
 * PostgreSQL's jsonb refuses a NUL character and a lone UTF-16 surrogate, which JSON and zod
 * both let through: refuse them here with the field's path instead of failing the insert.
 */
function unstorableTextPath(value: unknown, path: readonly (string | number)[]): string | undefined {
  if (typeof value === 'string') {
    return value.includes('\u0000') || !(value as string & { isWellFormed(): boolean }).isWellFormed() ? path.join('.') : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextPath(item, [...path, index]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = unstorableTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
