// PUT /api/Member (spec 001 §7 "PUT member profile"): the profile's changes; answers the member.
// The answer replaces the cached member, and the member is asked for again so everything that
// reads the tier (merchant cards' earn rates, the overview) follows an email opt-in at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member, MemberUpdateRequest } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';
import { memberChanged } from '#client/features/session/index.ts';
import { accountMutationMeta } from './unauthorized.ts';

export const updateProfile = (body: MemberUpdateRequest): Promise<Member> => apiFetch<Member>('/api/Member', { method: 'PUT', json: body });

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: accountMutationMeta,
    onSuccess: async (member) => {
      await memberChanged(client, member);
      await memberChanged(client);
    },
  });
}
