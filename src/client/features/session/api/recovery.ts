// Credential recovery (direct partners): request a reset link, check it, set a new password.
import { cutPassword } from '#shared/prospect.ts';
import { apiFetch } from '#client/api/http.ts';

export function requestRecovery(emailOrPartnerNumber: string): Promise<{ accepted: true }> {
  return apiFetch('/api/Member/Recover', { method: 'POST', json: { emailOrPartnerNumber: emailOrPartnerNumber.trim() } });
}

export function resetTokenQuery(token: string) {
  return {
    queryKey: ['recoverToken', token] as const,
    queryFn: () => apiFetch<{ valid: boolean }>(`/api/Member/Recover/Token?token=${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  };
}

export function updatePassword(token: string, password: string, passwordConfirm: string): Promise<{ accepted: true }> {
  return apiFetch('/api/Member/Recover/Update', {
    method: 'POST',
    json: { token, password: cutPassword(password), passwordConfirm: cutPassword(passwordConfirm) },
  });
}
