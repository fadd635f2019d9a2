// POST /api/Member/Recover (direct partners): e-mails a reset link. The answer is the same whether
// or not an account matched, so nothing cached changes.
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#client/api/http.ts';

export function requestRecovery(emailOrPartnerNumber: string): Promise<{ accepted: true }> {
  return apiFetch('/api/Member/Recover', { method: 'POST', json: { emailOrPartnerNumber: emailOrPartnerNumber.trim() } });
}

export function useRequestRecovery() {
  return useMutation({ mutationFn: requestRecovery });
}
