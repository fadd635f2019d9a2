// POST /api/Member/Recover/Update: sets a new password with a reset link's token.
import { cutPassword } from '#shared/prospect.ts';
import { apiFetch } from '#client/api/http.ts';

export function updatePassword(token: string, password: string, passwordConfirm: string): Promise<{ accepted: true }> {
  return apiFetch('/api/Member/Recover/Update', {
    method: 'POST',
    json: { token, password: cutPassword(password), passwordConfirm: cutPassword(passwordConfirm) },
  });
}
