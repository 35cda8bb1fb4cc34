import type { ThumbnailCue } from './thumbnail-types.ts';

/** A sprite tile in pixels, from a `#xywh=` media fragment. */
export interface TileBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A resolved image URL, its tile when the URL carried one, or `invalid` for a malformed one. */
export type ResolvedImage = { url: string; box?: TileBox } | { invalid: true };

const PIXEL_BOX = /^(?:pixel:)?(\d+),(\d+),(\d+),(\d+)$/;

/**
 * Resolves `ref` against the thumbnails file's URL (WHATWG URL) and reads a spatial media fragment
 * (https://www.w3.org/TR/media-frags/#naming-space). Only pixel boxes are usable: `percent:` needs
 * the image size, which a parser never has, so such a reference counts as malformed.
 */
export function resolveImage(ref: string, baseUrl: string): ResolvedImage {
  let parsed: URL;
  try {
    parsed = new URL(ref.trim(), baseUrl);
  } catch {
    return { invalid: true };
  }
  const fragment = parsed.hash.slice(1);
  parsed.hash = '';
  const url = parsed.href;
  const xywh = fragment
    .split('&')
    .map((pair) => pair.split('='))
    .find(([name]) => name === 'xywh');
  if (!xywh) return { url };
  const match = PIXEL_BOX.exec(safeDecode(xywh.slice(1).join('=')));
  if (!match) return { invalid: true };
  const [x, y, w, h] = match.slice(1).map(Number) as [number, number, number, number];
  if (w === 0 || h === 0) return { invalid: true };
  return { url, box: { x, y, w, h } };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Builds a cue with only the optional fields that are known, so equal cues compare equal. */
export function makeCue(
  url: string,
  startTime: number,
  endTime: number,
  size?: { width?: number | undefined; height?: number | undefined },
  coords?: { x: number; y: number },
): ThumbnailCue {
  const cue: ThumbnailCue = { url, startTime, endTime };
  if (size?.width !== undefined) cue.width = size.width;
  if (size?.height !== undefined) cue.height = size.height;
  if (coords) cue.coords = { x: coords.x, y: coords.y };
  return cue;
}
