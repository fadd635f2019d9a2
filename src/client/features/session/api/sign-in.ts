// POST /api/Member/SignIn (spec 000 §4, §8): a direct partner's sign-in; the answer is the member.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member } from '#shared/generated/types.ts';
import { cutPassword } from '#shared/prospect.ts';
import { apiFetch } from '#client/api/http.ts';
import { memberChanged } from './member-changed.ts';

export interface SignInPayload {
  email: string;
  password: string;
  rememberMe: boolean;
}

export function signIn(payload: SignInPayload): Promise<Member> {
  return apiFetch<Member>('/api/Member/SignIn', {
    method: 'POST',
    json: { ...payload, email: payload.email.trim(), password: cutPassword(payload.password) },
  });
}

/** Signs in; the signed-in member becomes the cached member. */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({ mutationFn: signIn, onSuccess: (member) => memberChanged(client, member) });
}
