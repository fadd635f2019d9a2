// Where a block sits on its page, for blocks that load differently above the fold: the first
// blocks' images are the page's largest paint, so they load eagerly and first (issue 11).
import { createContext, useContext } from 'react';

/** The index of the block among the page's shown blocks (0 first); Infinity outside a page. */
export const BlockPositionContext = createContext<number>(Number.POSITIVE_INFINITY);

/** How many blocks from the top count as above the fold. */
export const ABOVE_FOLD_BLOCKS = 2;

/** True for a block among the first ABOVE_FOLD_BLOCKS of its page. */
export function useAboveFold(): boolean {
  return useContext(BlockPositionContext) < ABOVE_FOLD_BLOCKS;
}
