// Every image a block shows. A media library image becomes a <picture> with AVIF and
// WebP sources and a JPEG fallback, each with a srcset of the sizes the library made (the browser
// takes the smallest that fills `sizes` at the screen's density), `width`/`height` from the image
// (the box is reserved: no layout shift), object-position from its focal point (crops keep the
// subject), alt text unless decorative. Loading follows the block's place on the page: lazy below
// the fold, eager above it, and fetchpriority=high for the first image of the page's top blocks
// (the largest paint). A path (seeded and older content: /media/..., /partner-assets/...) is a
// plain <img> with the size the caller gives.
import { useCallback } from 'react';
import { isResolvedMediaImage, mediaVariantUrl, type MediaVariantFormat } from '#shared/media.ts';
import { safeCmsUrl } from '#shared/safe-url.ts';
import { useImageLoading } from './block-position.tsx';
import styles from './ResponsiveImage.module.css';

export interface ResponsiveImageProps {
  /** An image field's value: a library image, or a path on this site. */
  image: unknown;
  /** How wide the image shows, as the `sizes` attribute (e.g. "(min-width: 861px) 480px, 100vw"). */
  sizes: string;
  className?: string | undefined;
  /** A path's box (a library image has its own size). */
  width: number;
  height: number;
  /** Alt text of a path image (library images carry theirs); empty: decorative. */
  alt?: string;
  /** Overrides where the block sits ("lazy" for images a block knows start hidden). */
  loading?: 'lazy' | 'eager' | undefined;
}

/** The JPEG fallback's src: about 960 px wide, what most screens fit. */
const FALLBACK_WIDTH = 960;

const srcSet = (sha256: string, widths: readonly number[], format: MediaVariantFormat) =>
  widths.map((w) => `${mediaVariantUrl(sha256, w, format)} ${w}w`).join(', ');

/** Whether a value can be shown by ResponsiveImage (a library image, or a safe path or URL). */
export function hasImage(image: unknown): boolean {
  return isResolvedMediaImage(image) || (typeof image === 'string' && safeCmsUrl(image) !== null);
}

export function ResponsiveImage({ image, sizes, className, width, height, alt = '', loading }: ResponsiveImageProps) {
  const place = useImageLoading();
  const focal = isResolvedMediaImage(image) && image.focal ? `${image.focal.x}% ${image.focal.y}%` : '';
  // Set through the DOM, not a style attribute: the CSP (style-src without 'unsafe-inline') refuses
  // style attributes in server-rendered HTML, and hydration would not set the position again.
  const placeFocal = useCallback(
    (img: HTMLImageElement | null) => {
      if (img) img.style.objectPosition = focal;
    },
    [focal],
  );
  const eager = loading ? loading === 'eager' : place.eager;
  const load = {
    loading: eager ? ('eager' as const) : ('lazy' as const),
    decoding: 'async' as const,
    ...(eager && place.first && loading !== 'lazy' ? { fetchPriority: 'high' as const } : {}),
  };
  if (isResolvedMediaImage(image)) {
    const widths = [...image.widths].sort((a, b) => a - b);
    const fallback = widths.find((w) => w >= FALLBACK_WIDTH) ?? widths[widths.length - 1]!;
    return (
      <picture className={styles.picture}>
        <source type="image/avif" srcSet={srcSet(image.sha256, widths, 'avif')} sizes={sizes} />
        <source type="image/webp" srcSet={srcSet(image.sha256, widths, 'webp')} sizes={sizes} />
        <img
          src={mediaVariantUrl(image.sha256, fallback, 'jpeg')}
          srcSet={srcSet(image.sha256, widths, 'jpeg')}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={image.decorative ? '' : (image.alt ?? '')}
          className={className}
          ref={placeFocal}
          {...load}
        />
      </picture>
    );
  }
  const src = typeof image === 'string' ? safeCmsUrl(image) : null;
  if (!src) return null;
  return <img src={src} alt={alt} width={width} height={height} className={className} {...load} />;
}
