import type { RequestEngine } from '../api/net/request-engine.ts';
import { adListSchema, type AdList } from '../api/schema.ts';

export type AdListItem = AdList['prerollList'][number];

/**
 * The ad list (SPEC.md section 7): prerollList and midrollList. Through the request engine, so it
 * carries the standard and the host's extra headers and stops with `signal`. A malformed answer
 * is an error like a failed one: the film plays.
 */
export async function fetchAdList(requests: RequestEngine, url: string, signal: AbortSignal): Promise<AdList> {
  const download = await requests.request(new URL(url, location.href).href, { kind: 'ad-list', signal });
  const parsed = adListSchema.safeParse(JSON.parse(new TextDecoder().decode(download.bytes)));
  if (!parsed.success) throw new Error(`The ad list at ${url} is malformed: ${parsed.error.message}`);
  return parsed.data;
}
