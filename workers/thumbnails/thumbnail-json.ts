import type { ThumbnailCue } from './thumbnail-types.ts';
import { makeCue, resolveImage } from './thumbnail-url.ts';

type Json = Record<string, unknown>;

interface Entry {
  url: string;
  startTime: number;
  width?: number | undefined;
  height?: number | undefined;
  coords?: { x: number; y: number } | undefined;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const size = (value: unknown): number | undefined => (isNumber(value) && value > 0 ? value : undefined);

/** True when `data` has one of the two thumbnail JSON shapes of SPEC.md section 3. */
export function isThumbnailJson(data: unknown): boolean {
  return Array.isArray(data) || (isObject(data) && typeof data.url === 'string' && Array.isArray(data.tiles));
}

/**
 * Reads thumbnail JSON (SPEC.md section 3): an array of `{url, startTime[, width, height, x, y]}`,
 * or a sprite `{url, tileWidth, tileHeight, tiles: [{x, y, start | startTime}]}`. Items without a
 * string url or a numeric startTime are ignored (SPEC.md section 5), tiles without numeric x/y too.
 * Cues come sorted; each ends where the next starts, the last at `duration` (default Infinity).
 */
export function parseThumbnailJson(data: unknown, baseUrl: string, duration?: number): ThumbnailCue[] {
  const entries = Array.isArray(data) ? listEntries(data, baseUrl) : spriteEntries(data, baseUrl);
  entries.sort((a, b) => a.startTime - b.startTime);
  return entries.map((entry, index) => {
    const next = entries[index + 1];
    const end = next ? next.startTime : lastEnd(entry.startTime, duration);
    return makeCue(entry.url, entry.startTime, end, entry, entry.coords);
  });
}

function lastEnd(startTime: number, duration: number | undefined): number {
  return duration !== undefined && Number.isFinite(duration) && duration > startTime ? duration : Infinity;
}

function listEntries(items: unknown[], baseUrl: string): Entry[] {
  const entries: Entry[] = [];
  for (const item of items) {
    if (!isObject(item) || !isUsableUrl(item.url) || !isNumber(item.startTime)) continue;
    const image = resolveImage(item.url, baseUrl);
    if ('invalid' in image) continue;
    const { box } = image;
    const explicit = isNumber(item.x) && isNumber(item.y) ? { x: item.x, y: item.y } : undefined;
    entries.push({
      url: image.url,
      startTime: item.startTime,
      width: size(item.width) ?? box?.w,
      height: size(item.height) ?? box?.h,
      coords: explicit ?? (box ? { x: box.x, y: box.y } : undefined),
    });
  }
  return entries;
}

function spriteEntries(data: unknown, baseUrl: string): Entry[] {
  if (!isObject(data) || !isUsableUrl(data.url) || !Array.isArray(data.tiles)) return [];
  const image = resolveImage(data.url, baseUrl);
  if ('invalid' in image) return [];
  const width = size(data.tileWidth);
  const height = size(data.tileHeight);
  const entries: Entry[] = [];
  for (const tile of data.tiles) {
    if (!isObject(tile) || !isNumber(tile.x) || !isNumber(tile.y)) continue;
    const startTime = isNumber(tile.startTime) ? tile.startTime : tile.start;
    if (!isNumber(startTime)) continue;
    entries.push({ url: image.url, startTime, width, height, coords: { x: tile.x, y: tile.y } });
  }
  return entries;
}

/** A string, and not an empty one: an empty url would resolve to the thumbnails file itself. */
function isUsableUrl(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
