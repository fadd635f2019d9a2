import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateJoinFormProps } from '#shared/generated/validators.js';
import type { JoinFormProps } from '#shared/generated/types.ts';

export default defineBlock<JoinFormProps>({
  type: 'join-form',
  title: 'Enrolment step 1 (your information)',
  pageHeading: true,
  validate: validateJoinFormProps,
  component: lazyComponent(async () => (await import('./JoinForm.tsx')).JoinForm),
});
