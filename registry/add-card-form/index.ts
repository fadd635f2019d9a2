import { defineBlock } from '../define-block.ts';
import type { AddCardFormProps } from '#shared/generated/types.ts';

export default defineBlock<AddCardFormProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
