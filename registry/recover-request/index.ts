import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateRecoverRequestProps } from '#shared/generated/validators.js';
import type { RecoverRequestProps } from '#shared/generated/types.ts';

export default defineBlock<RecoverRequestProps>({
  type: 'recover-request',
  title: 'Recovery step 1 (request a link)',
  pageHeading: true,
  validate: validateRecoverRequestProps,
  component: lazyComponent(async () => (await import('./RecoverRequest.tsx')).RecoverRequest),
});
