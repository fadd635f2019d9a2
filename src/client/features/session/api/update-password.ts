// POST /api/Member/Recover/Update: sets a new password with a reset link's token. It signs nobody in
// (the member signs in afterwards), so the cached member does not change.
import { useMutation } from '@tanstack/react-query';
import { cutPassword } from '#shared/prospect.ts';
import { apiFetch } from '#client/api/http.ts';

export interface PasswordUpdate {
  token: string;
  password: string;
  passwordConfirm: string;
}

export function updatePassword({ token, password, passwordConfirm }: PasswordUpdate): Promise<{ accepted: true }> {
  return apiFetch('/api/Member/Recover/Update', {
    method: 'POST',
    json: { token, password: cutPassword(password), passwordConfirm: cutPassword(passwordConfirm) },
  });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: updatePassword });
}
