// Enrolment step 1 (spec 000 §5, §7): POST /api/Members/Prospects with the join form's payload
// (passwords cut to 56, smsOptIn decided by the shared rule). The email check reuses prospects.ts.
import type { ProspectResponse } from '#shared/generated/types.ts';
import { prospectPayload, type ProspectFormValues } from '#shared/prospect.ts';
import { apiFetch } from '#client/api/http.ts';

export { validateEmail } from './prospects.ts';

export function enrol(values: ProspectFormValues): Promise<ProspectResponse> {
  return apiFetch<ProspectResponse>('/api/Members/Prospects', { method: 'POST', json: prospectPayload(values), redirect: 'manual' });
}
