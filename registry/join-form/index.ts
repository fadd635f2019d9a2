import { defineBlock } from '../define-block.ts';
import type { JoinFormProps } from '#shared/generated/types.ts';

export default defineBlock<JoinFormProps>({
  type: 'join-form',
  title: 'Enrolment step 1 (your information)',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
