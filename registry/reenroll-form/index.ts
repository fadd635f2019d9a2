import { defineBlock } from '../define-block.ts';
import type { ReenrollFormProps } from '#shared/generated/types.ts';

export default defineBlock<ReenrollFormProps>({
  type: 'reenroll-form',
  title: 'Re-enrolment (closed account)',
  load: () => import('./lazy.ts'),
});
