import { defineBlock } from '../define-block.ts';
import { validateRecoverSuccessProps } from '#shared/generated/validators.js';
import type { RecoverSuccessProps } from '#shared/generated/types.ts';
import { RecoverSuccess } from './RecoverSuccess.tsx';

export default defineBlock<RecoverSuccessProps>({
  type: 'recover-success',
  title: 'Recovery step 4 (done)',
  validate: validateRecoverSuccessProps,
  component: RecoverSuccess,
});
