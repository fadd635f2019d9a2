import { defineBlock } from '../define-block.ts';
import type { FixCredentialsFormProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Email update required';

export default defineBlock<FixCredentialsFormProps>({
  type: 'fix-credentials-form',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
