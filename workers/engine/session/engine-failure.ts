import { FetchFailure } from '../../../src/contract/net/request-engine.ts';
// Plain data shared with the main thread: the one table of codes.
import { PLAYER_ERROR_CODES as PLAYER_CODES } from '../../../src/contract/errors/error-codes.ts';
import type { EngineFailure } from '../engine-protocol.ts';
import { DeclinedError } from './stream-catalog.ts';

/**
 * Why the engine gives up, as data (ARCHITECTURE.md rule 5): a decline (code 5: another engine
 * should play it), a request that failed for good (code 4, with its URL, status and kind), or
 * media the browser refused (code 3); `where` is the level and the time the engine was at.
 */
export function describeFailure(error: unknown, declined: boolean, where: { level: number; time: number }): { declined: boolean; error: EngineFailure } {
  const isDecline = declined || error instanceof DeclinedError;
  const message = error instanceof Error ? error.message : String(error);
  const described: EngineFailure = isDecline
    ? { category: 'engine', code: PLAYER_CODES.UNSUPPORTED, severity: 'fatal', message, detail: where }
    : error instanceof FetchFailure
      ? {
          category: 'network',
          code: PLAYER_CODES.RESOURCE,
          severity: 'fatal',
          message,
          detail: { ...where, url: error.url, kind: error.failure.kind, status: error.failure.kind === 'status' ? error.failure.status : null },
        }
      : { category: 'media', code: PLAYER_CODES.MEDIA, severity: 'fatal', message, detail: { ...where, name: error instanceof Error ? error.name : 'Error' } };
  return { declined: isDecline, error: described };
}
