import { defineBlock } from '../define-block.ts';
import { validateRecoverRequestProps } from '#shared/generated/validators.js';
import type { RecoverRequestProps } from '#shared/generated/types.ts';
import { RecoverRequest } from './RecoverRequest.tsx';

export default defineBlock<RecoverRequestProps>({
  type: 'recover-request',
  title: 'Recovery step 1 (request a link)',
  validate: validateRecoverRequestProps,
  component: RecoverRequest,
});
