// Activation (spec 000 "Activation screen"): POST /api/Member/Activate {publicId}. The known-member
// lookup is known-member.ts. A failure rejects with the status text.
import type { KnownMember } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';

export { knownMemberQuery } from '#client/features/session/index.ts';

export function activate(publicId: string): Promise<KnownMember> {
  return apiFetch<KnownMember>('/api/Member/Activate', { method: 'POST', json: { publicId } });
}
