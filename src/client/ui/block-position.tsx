// Where a block sits on its page, for blocks that load differently above the fold: the first
// blocks' images are the page's largest paint, so they load eagerly and first.
import { createContext, useContext, useState } from 'react';

/** The index of the block among the page's shown blocks (0 first); Infinity outside a page. */
export const BlockPositionContext = createContext<number>(Number.POSITIVE_INFINITY);

/** How many blocks from the top count as above the fold. */
export const ABOVE_FOLD_BLOCKS = 2;

/** True for a block among the first ABOVE_FOLD_BLOCKS of its page. */
export function useAboveFold(): boolean {
  return useContext(BlockPositionContext) < ABOVE_FOLD_BLOCKS;
}

/**
 * One per page (the page renderer provides a fresh one): the first image above the fold that
 * renders takes it, so exactly one image (the first visible hero) gets fetchpriority=high, even
 * when the block before it shows nothing to this visitor.
 */
export interface HeroClaim {
  taken: boolean;
}
export const HeroClaimContext = createContext<HeroClaim | null>(null);

const claims = new WeakMap<object, HeroClaim>();

/** The claim of one resolved page (a new page, or a new draft of it in the preview, starts afresh). */
export function heroClaimOf(page: object): HeroClaim {
  let claim = claims.get(page);
  if (!claim) {
    claim = { taken: false };
    claims.set(page, claim);
  }
  return claim;
}

/** How an image of this block loads: eagerly above the fold, and whether it is the page's first. */
export function useImageLoading(): { eager: boolean; first: boolean } {
  const position = useContext(BlockPositionContext);
  const claim = useContext(HeroClaimContext);
  const eager = position < ABOVE_FOLD_BLOCKS;
  // Decided once, when the image first renders; without a page, the top block's image is first.
  const [first] = useState(() => {
    if (!eager) return false;
    if (!claim) return position === 0;
    if (claim.taken) return false;
    claim.taken = true;
    return true;
  });
  return { eager, first };
}
