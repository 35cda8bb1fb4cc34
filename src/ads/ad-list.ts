import type { RequestEngine } from '../contract/net/request-engine.ts';
import type { AdList } from '../contract/schemas/schema.ts';

export type AdListItem = AdList['prerollList'][number];

/**
 * The ad list (SPEC.md section 7): prerollList and midrollList. Through the request engine, so it
 * carries the standard and the host's extra headers and stops with `signal`. A malformed answer
 * is an error like a failed one: the film plays. (Checked by hand: the schema library would
 * triple this chunk, and the shape is small.)
 */
export async function fetchAdList(requests: RequestEngine, url: string, signal: AbortSignal): Promise<AdList> {
  const download = await requests.request(new URL(url, location.href).href, { kind: 'ad-list', signal });
  return parseAdList(JSON.parse(new TextDecoder().decode(download.bytes)), url);
}

export function parseAdList(value: unknown, url = 'the ad list'): AdList {
  const record = value as Partial<Record<'prerollList' | 'midrollList', unknown>> | null;
  if (typeof record !== 'object' || record === null) throw new Error(`${url} is not an object`);
  return { prerollList: items(record.prerollList, `${url}: prerollList`), midrollList: items(record.midrollList, `${url}: midrollList`) };
}

function items(value: unknown, where: string): AdListItem[] {
  if (!Array.isArray(value)) throw new Error(`${where} is not an array`);
  return value.map((item: unknown, index) => {
    const { vastUrl, dataXml, dataUrls } = (item ?? {}) as Record<string, unknown>;
    const text = (field: unknown) => (typeof field === 'string' && field.length > 0 ? field : undefined);
    const urls = Array.isArray(dataUrls) ? dataUrls.filter((url): url is string => typeof url === 'string' && url.length > 0) : undefined;
    const parsed: AdListItem = { vastUrl: text(vastUrl), dataXml: text(dataXml), dataUrls: urls?.length ? urls : undefined };
    if (!parsed.vastUrl && !parsed.dataXml && !parsed.dataUrls) throw new Error(`${where}[${index}] has no vastUrl, dataXml or dataUrls`);
    return parsed;
  });
}
