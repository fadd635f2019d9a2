import { defineBlock } from '../define-block.ts';
import type { ProspectFormProps } from '#shared/generated/types.ts';
import { ProspectForm } from '#client/features/enrolment/index.ts';

export default defineBlock<ProspectFormProps>({
  loadValidate: () =>
    import('#shared/generated/validators/validateProspectFormProps.js').then((module) => module.validateProspectFormProps),
  component: ProspectForm,
});
