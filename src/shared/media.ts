// Library images: where their variants are served, and what an image field holds. The
// server writes the variant URLs' parts into content; the member app builds <picture> from them.
import type { MediaImage, MediaImageRef } from './generated/types.ts';

export type MediaVariantFormat = 'avif' | 'webp' | 'jpeg';

const EXTENSION: Readonly<Record<MediaVariantFormat, string>> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
export const FORMAT_OF_EXTENSION: Readonly<Record<string, MediaVariantFormat>> = { avif: 'avif', webp: 'webp', jpg: 'jpeg' };
export const MEDIA_TYPES: Readonly<Record<MediaVariantFormat, string>> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** Where every library image's variants live: /media/lib/<sha256>/<width>.<avif|webp|jpg>. */
export const MEDIA_LIBRARY_PREFIX = '/media/lib/';

export function mediaVariantUrl(sha256: string, width: number, format: MediaVariantFormat): string {
  return `${MEDIA_LIBRARY_PREFIX}${sha256}/${width}.${EXTENSION[format]}`;
}

/** A library image whose server-filled parts are all there (what members can render as <picture>). */
export type ResolvedMediaImage = MediaImageRef & Required<Pick<MediaImageRef, 'sha256' | 'width' | 'height' | 'widths'>>;

export function isMediaImageRef(value: unknown): value is MediaImageRef {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { asset?: unknown }).asset === 'string';
}

export function isResolvedMediaImage(value: unknown): value is ResolvedMediaImage {
  if (!isMediaImageRef(value)) return false;
  const { sha256, width, height, widths } = value;
  return (
    typeof sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(sha256) &&
    typeof width === 'number' &&
    typeof height === 'number' &&
    Array.isArray(widths) &&
    widths.length > 0 &&
    widths.every((w) => typeof w === 'number' && w > 0)
  );
}

export type { MediaImage, MediaImageRef };
