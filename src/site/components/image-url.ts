import { IMAGE_WIDTHS } from '../../contract/schemas/site-schema.ts';

const MEDIA = '/catalog-api/media/';
type Width = (typeof IMAGE_WIDTHS)[number];

/**
 * A catalogue image resized by /catalog-api/image (widths from its fixed list, the format the
 * browser takes best); anything not under our media stays as it is.
 */
export function imageUrl(src: string, width: Width): string {
  if (!src.startsWith(MEDIA)) return src;
  return `/catalog-api/image?src=${encodeURIComponent(src)}&w=${width}`;
}

/** A srcset of the allowed widths from `smallest` to `largest`, so a phone takes a small one and a wide screen a sharp one. */
export function imageSrcSet(src: string, smallest: Width, largest: Width): string | undefined {
  if (!src.startsWith(MEDIA)) return undefined;
  return IMAGE_WIDTHS.filter((width) => width >= smallest && width <= largest)
    .map((width) => `${imageUrl(src, width)} ${width}w`)
    .join(', ');
}
