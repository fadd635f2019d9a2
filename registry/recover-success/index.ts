import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateRecoverSuccessProps } from '#shared/generated/validators.js';
import type { RecoverSuccessProps } from '#shared/generated/types.ts';

export default defineBlock<RecoverSuccessProps>({
  type: 'recover-success',
  title: 'Recovery step 4 (done)',
  pageHeading: true,
  validate: validateRecoverSuccessProps,
  component: lazyComponent(async () => (await import('./RecoverSuccess.tsx')).RecoverSuccess),
});
