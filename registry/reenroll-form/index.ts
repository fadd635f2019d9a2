import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateReenrollFormProps } from '#shared/generated/validators.js';
import type { ReenrollFormProps } from '#shared/generated/types.ts';

export default defineBlock<ReenrollFormProps>({
  type: 'reenroll-form',
  title: 'Re-enrolment (closed account)',
  validate: validateReenrollFormProps,
  component: lazyComponent(async () => (await import('./ReenrollForm.tsx')).ReenrollForm),
});
