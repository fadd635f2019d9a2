import { defineBlock } from '../define-block.ts';
import { validateRecoverConfirmProps } from '#shared/generated/validators.js';
import type { RecoverConfirmProps } from '#shared/generated/types.ts';
import { RecoverConfirm } from './RecoverConfirm.tsx';

export default defineBlock<RecoverConfirmProps>({
  type: 'recover-confirm',
  title: 'Recovery step 2 (check your email)',
  validate: validateRecoverConfirmProps,
  component: RecoverConfirm,
});
