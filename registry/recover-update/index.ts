import { defineBlock } from '../define-block.ts';
import { validateRecoverUpdateProps } from '#shared/generated/validators.js';
import type { RecoverUpdateProps } from '#shared/generated/types.ts';
import { RecoverUpdate } from './RecoverUpdate.tsx';

export default defineBlock<RecoverUpdateProps>({
  type: 'recover-update',
  title: 'Recovery step 3 (new password)',
  validate: validateRecoverUpdateProps,
  component: RecoverUpdate,
});
