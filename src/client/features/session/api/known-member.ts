// GET /api/Member/{publicId} (spec 000 §4, §7): the known (pre-login) member, no redirect following.
import { queryOptions } from '@tanstack/react-query';
import type { KnownMember } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';

export function fetchKnownMember(publicId: string): Promise<KnownMember> {
  return apiFetch<KnownMember>(`/api/Member/${encodeURIComponent(publicId)}`, { redirect: 'manual' });
}

export function knownMemberQuery(publicId: string) {
  return queryOptions({
    queryKey: ['knownMember', publicId] as const,
    queryFn: () => fetchKnownMember(publicId),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
