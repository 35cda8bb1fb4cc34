import { imageSrcSet, imageUrl } from './image-url.ts';

export interface PosterProps {
  src: string;
  alt: string;
  /** How wide it shows, as the sizes attribute says it (the browser picks the file). */
  sizes: string;
  /** The first screen's image loads at once; the rest when they come near. */
  eager?: boolean;
  wide?: boolean;
}

/** A poster (2:3) or a wide still (16:9), lazy and sized by the browser from the allowed widths. */
export function Poster({ src, alt, sizes, eager = false, wide = false }: PosterProps) {
  return (
    <img
      className={wide ? 'poster poster--wide' : 'poster'}
      src={imageUrl(src, wide ? 960 : 320)}
      srcSet={imageSrcSet(src, 160, wide ? 1280 : 640)}
      sizes={sizes}
      alt={alt}
      width={wide ? 1280 : 320}
      height={wide ? 720 : 480}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
