// POST /api/Members/Prospects (spec 000 §5, §7): starts enrolment. The email-only form sends just
// the email; the join form sends its values as the shared rule shapes them (passwords cut to 56,
// smsOptIn decided from the phone and the v2 choice).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProspectResponse } from '#shared/generated/types.ts';
import { prospectPayload, type ProspectFormValues, type ProspectPayload } from '#shared/prospect.ts';
import { apiFetch } from '#client/api/http.ts';
import { memberChanged } from '#client/features/session/index.ts';

export function createProspect(payload: Pick<ProspectPayload, 'email'> | ProspectPayload): Promise<ProspectResponse> {
  return apiFetch<ProspectResponse>('/api/Members/Prospects', { method: 'POST', json: payload, redirect: 'manual' });
}

/** The join form's step 1. */
export function enrol(values: ProspectFormValues): Promise<ProspectResponse> {
  return createProspect(prospectPayload(values));
}

/** The join form's step 1; the member it answers (signed in from now on) becomes the cached member. */
export function useEnrol() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enrol,
    onSuccess: async (result) => {
      if (result.member) await memberChanged(client, result.member);
    },
  });
}
