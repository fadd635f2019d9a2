// Library images inside CMS fields. An editor's image field holds {asset: id}; on every
// save and publish the server fills in the rest from the partner's library (the file, its size and
// widths, alt text, decorative, focal point), so what members are sent is the library's word, never
// the client's, and a replaced file or new alt text reaches members with the next publish. An id
// the partner's library does not have (another partner's, a deleted one) is a problem at its field.
import type { Queryable } from '../db/index.ts';
import { findAssets, type AssetRow } from '../repos/media.ts';
import { isMediaImageRef } from '#shared/media.ts';
import type { MediaImageRef } from '#shared/generated/types.ts';
import { escapePointer as segment } from '#shared/validation.ts';

export interface Problem {
  pointer: string;
  message: string;
}

interface Found {
  pointer: string;
  ref: MediaImageRef;
}

/** Every library image in `fields` with its JSON pointer under `base`. */
export function mediaRefsIn(fields: unknown, base = '/fields'): Found[] {
  const found: Found[] = [];
  const walk = (value: unknown, pointer: string, depth: number): void => {
    if (depth > 40 || found.length >= 200) return;
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${pointer}/${i}`, depth + 1));
    if (typeof value !== 'object' || value === null) return;
    if (isMediaImageRef(value)) {
      found.push({ pointer, ref: value });
      return;
    }
    for (const [key, item] of Object.entries(value)) walk(item, `${pointer}/${segment(key)}`, depth + 1);
  };
  walk(fields, base, 0);
  return found;
}

/** What content holds for an asset: everything members need to render it. */
export function snapshotOf(asset: AssetRow): MediaImageRef {
  return {
    asset: asset.id,
    sha256: asset.sha256,
    width: asset.width,
    height: asset.height,
    widths: asset.widths,
    alt: asset.alt,
    decorative: asset.decorative,
    focal: { x: asset.focalX, y: asset.focalY },
  };
}

function replaceAll(value: unknown, replace: (ref: MediaImageRef) => MediaImageRef, depth = 0): unknown {
  if (depth > 40) return value;
  if (Array.isArray(value)) return value.map((item) => replaceAll(item, replace, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  if (isMediaImageRef(value)) return replace(value);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceAll(item, replace, depth + 1)]));
}

/**
 * `fields` with every library image filled in from the partner's library now, and a problem for
 * each image the library does not have.
 */
export async function resolveMediaRefs<T>(
  db: Queryable,
  partnerId: string,
  fields: T,
  base = '/fields',
): Promise<{ fields: T; problems: Problem[] }> {
  const refs = mediaRefsIn(fields, base);
  if (refs.length === 0) return { fields, problems: [] };
  const assets = await findAssets(
    db,
    partnerId,
    refs.map((r) => r.ref.asset),
  );
  const problems = refs
    .filter((r) => !assets.has(r.ref.asset))
    .map((r) => ({
      pointer: r.pointer,
      message: 'is not an image of this partner’s media library (it may have been deleted); choose another',
    }));
  const resolved = replaceAll(fields, (ref) => {
    const asset = assets.get(ref.asset);
    return asset ? snapshotOf(asset) : ref;
  }) as T;
  return { fields: resolved, problems };
}

/** The publish rule: every library image has alt text or is marked decorative. */
export function missingAltProblems(fields: unknown, base = '/fields'): Problem[] {
  return mediaRefsIn(fields, base)
    .filter(({ ref }) => ref.decorative !== true && !ref.alt?.trim())
    .map(({ pointer }) => ({
      pointer,
      message: 'needs alt text before it can be published: describe the image in the media library, or mark it decorative there',
    }));
}

/**
 * What keeps library images from going live (cms-entry-check.ts, on every save and again inside
 * every publish, schedule and rollback): an image the partner's library lacks, and one that has no
 * alt text as the library has it now and is not marked decorative. Pointers into the fields.
 */
export async function mediaProblems(db: Queryable, partnerId: string, fields: unknown): Promise<Problem[]> {
  const resolved = await resolveMediaRefs(db, partnerId, fields, '');
  const missing = new Set(resolved.problems.map((p) => p.pointer));
  return [...resolved.problems, ...missingAltProblems(resolved.fields, '').filter((p) => !missing.has(p.pointer))];
}
