import { defineBlock } from '../define-block.ts';
import type { FixCredentialsFormProps } from '#shared/generated/types.ts';

export default defineBlock<FixCredentialsFormProps>({
  type: 'fix-credentials-form',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
