import { defineBlock } from '../define-block.ts';
import { validateProspectFormProps } from '#shared/generated/validators/validateProspectFormProps.js';
import type { ProspectFormProps } from '#shared/generated/types.ts';
import { ProspectForm } from '#client/features/enrolment/index.ts';

export default defineBlock<ProspectFormProps>({
  type: 'prospect-form',
  title: 'Email prospect form',
  validate: validateProspectFormProps,
  component: ProspectForm,
});
