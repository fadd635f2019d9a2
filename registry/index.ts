// The only file that lists blocks: block type -> definition. `npm run new-block` adds a line.
import type { BlockValidators } from '#shared/page/resolve.ts';
import type { ValidateFn } from '#shared/generated/validators.js';
import howItWorks from './how-it-works/index.ts';

export const blocks = {
  'how-it-works': howItWorks,
} as const;

export type BlockType = keyof typeof blocks;

export const blockValidators: BlockValidators = Object.fromEntries(
  Object.entries(blocks).map(([type, definition]) => [type, definition.validate as ValidateFn<unknown>]),
);
