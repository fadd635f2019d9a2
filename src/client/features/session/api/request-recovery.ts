// POST /api/Member/Recover (direct partners): e-mails a reset link.
import { apiFetch } from '#client/api/http.ts';

export function requestRecovery(emailOrPartnerNumber: string): Promise<{ accepted: true }> {
  return apiFetch('/api/Member/Recover', { method: 'POST', json: { emailOrPartnerNumber: emailOrPartnerNumber.trim() } });
}
