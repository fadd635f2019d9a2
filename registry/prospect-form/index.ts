import { defineBlock } from '../define-block.ts';
import type { ProspectFormProps } from '#shared/generated/types.ts';
import { ProspectForm } from '#client/features/enrolment/index.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Email prospect form';

export default defineBlock<ProspectFormProps>({
  type: 'prospect-form',
  loadValidate: () =>
    import('#shared/generated/validators/validateProspectFormProps.js').then((module) => module.validateProspectFormProps),
  component: ProspectForm,
});
