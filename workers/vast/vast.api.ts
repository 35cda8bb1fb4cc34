import { createRequestEngine, FetchFailure } from '../../src/contract/net/request-engine.ts';
import { resolveVast, type LoadResult, type ResolvedVast, type VastSource } from './vast-chain.ts';
import type { MediaFile } from './vast-document.ts';

export type { ResolvedAd, ResolvedVast, VastSource } from './vast-chain.ts';
export type { AdFailure } from './vast-errors.ts';

/** What the VAST worker exposes; also usable inline when no worker can start. */
export interface VastApi {
  /**
   * Fetches and resolves one ad-list item's VAST (wrappers, pods, media choice). `playableTypes`:
   * the media MIME types the page's video element can play (a worker has no element to ask).
   * `requestId` names it for `cancel`. Resolves, never rejects.
   */
  resolve(requestId: number, source: VastSource, playableTypes: readonly string[]): Promise<ResolvedVast>;
  /** Stops the requests of a resolution nobody waits for any more (a break past its deadline). */
  cancel(requestId: number): void;
}

/** @param fetchImpl the fetch to use; default the global one (tests pass a fake). */
export function createVastApi(fetchImpl: typeof fetch = fetch): VastApi {
  const requests = createRequestEngine({ fetchImpl });
  const running = new Map<number, AbortController>();

  return {
    async resolve(requestId, source, playableTypes) {
      const abort = new AbortController();
      running.set(requestId, abort);
      const playable = new Set(playableTypes.map((type) => type.toLowerCase()));
      const load = async (url: string): Promise<LoadResult> => {
        try {
          const download = await requests.request(url, { kind: 'vast', signal: abort.signal });
          return { ok: true, text: new TextDecoder().decode(download.bytes), url: download.url };
        } catch (error) {
          const failure = error instanceof FetchFailure ? error.failure : undefined;
          const reason = failure?.kind === 'status' ? `HTTP ${failure.status}` : (failure?.kind ?? String(error));
          return { ok: false, timedOut: failure?.kind === 'timeout', reason };
        }
      };
      try {
        return await resolveVast(source, { load, canPlay: (file) => canPlay(file, playable) });
      } finally {
        running.delete(requestId);
      }
    },
    cancel(requestId) {
      running.get(requestId)?.abort();
      running.delete(requestId);
    },
  };
}

/** The type must be one the element plays; a named codec is checked where MediaSource can say. */
function canPlay(file: MediaFile, playable: ReadonlySet<string>): boolean {
  if (!playable.has(file.type)) return false;
  // Only an RFC 6381 codec string is worth asking about ('avc1.42E01E'); files in the wild say '0'.
  if (!file.codec || !/^[a-z][\w.-]*(,\s*[a-z][\w.-]*)*$/i.test(file.codec) || typeof MediaSource === 'undefined' || typeof MediaSource.isTypeSupported !== 'function') return true;
  return MediaSource.isTypeSupported(`${file.type}; codecs="${file.codec}"`);
}
