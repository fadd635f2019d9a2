import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateRecoverConfirmProps } from '#shared/generated/validators.js';
import type { RecoverConfirmProps } from '#shared/generated/types.ts';

export default defineBlock<RecoverConfirmProps>({
  type: 'recover-confirm',
  title: 'Recovery step 2 (check your email)',
  pageHeading: true,
  validate: validateRecoverConfirmProps,
  component: lazyComponent(async () => (await import('./RecoverConfirm.tsx')).RecoverConfirm),
});
