/** One page of the site as a sitemap lists it: its path and when what it shows last changed. */
export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

/** The sitemaps.org protocol (https://www.sitemaps.org/protocol.html). */
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\'': '&apos;' };
/** URLs must be entity-escaped inside <loc> (sitemaps.org: "Entity escaping"). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function lastmodElement(date: Date | null): string {
  return date ? `<lastmod>${date.toISOString()}</lastmod>` : '';
}

/** One urlset file: absolute URLs on `origin`. */
export function renderUrlset(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => `  <url><loc>${escapeXml(origin + entry.path)}</loc>${lastmodElement(entry.lastmod)}</url>\n`);
  return `${HEADER}<urlset xmlns="${NAMESPACE}">\n${urls.join('')}</urlset>\n`;
}

/** The index listing each file's absolute URL, with the newest lastmod among its entries. */
export function renderIndex(files: readonly { url: string; lastmod: Date | null }[]): string {
  const items = files.map((file) => `  <sitemap><loc>${escapeXml(file.url)}</loc>${lastmodElement(file.lastmod)}</sitemap>\n`);
  return `${HEADER}<sitemapindex xmlns="${NAMESPACE}">\n${items.join('')}</sitemapindex>\n`;
}

/** Consecutive slices of at most `size`; at least one (an empty site still has a valid, empty file). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  if (items.length === 0) return [[]];
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** The latest of some dates; null when none is known. */
export function newestOf(dates: readonly (Date | null)[]): Date | null {
  let newest: Date | null = null;
  for (const date of dates) if (date && (!newest || date > newest)) newest = date;
  return newest;
}
