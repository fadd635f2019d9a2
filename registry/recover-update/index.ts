import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateRecoverUpdateProps } from '#shared/generated/validators.js';
import type { RecoverUpdateProps } from '#shared/generated/types.ts';

export default defineBlock<RecoverUpdateProps>({
  type: 'recover-update',
  title: 'Recovery step 3 (new password)',
  pageHeading: true,
  validate: validateRecoverUpdateProps,
  component: lazyComponent(async () => (await import('./RecoverUpdate.tsx')).RecoverUpdate),
});
