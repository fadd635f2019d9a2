// POST /api/Member/FixCredentials (/fix_credentials): a member confirms the email to sign in with;
// the answer is the member with that email.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FixCredentialsRequest, Member } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';
import { memberChanged } from '#client/features/session/index.ts';

export function fixCredentials({ email, emailConfirm }: FixCredentialsRequest): Promise<Member> {
  return apiFetch<Member>('/api/Member/FixCredentials', { method: 'POST', json: { email, emailConfirm } });
}

/** Sets the member's email; the answered member becomes the cached member. */
export function useFixCredentials() {
  const client = useQueryClient();
  return useMutation({ mutationFn: fixCredentials, onSuccess: (member) => memberChanged(client, member) });
}
