// Activation (spec 000 "Activation screen"): POST /api/Member/Activate {publicId}. The known-member
// lookup is known-member.ts. A failure rejects with the status text.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnownMember } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';
import { knownMemberQuery } from '#client/features/session/index.ts';

export function activate(publicId: string): Promise<KnownMember> {
  return apiFetch<KnownMember>('/api/Member/Activate', { method: 'POST', json: { publicId } });
}

/** Activates a known member; the activated member it answers replaces the cached known member. */
export function useActivate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: activate,
    onSuccess: (member) => client.setQueryData(knownMemberQuery(member.publicId).queryKey, member),
  });
}
