import { defineBlock } from '../define-block.ts';
import type { CardAddedProps } from '#shared/generated/types.ts';

export default defineBlock<CardAddedProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
