import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '#shared/generated/types.ts';
import { apiFetch, HttpError } from '#client/api/http.ts';

export const memberKey = ['member'] as const;

/** GET /api/Member: the signed-in member, or null when anonymous (401). */
export async function fetchMember(): Promise<Member | null> {
  try {
    return await apiFetch<Member>('/api/Member');
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}

// Retries follow the client's defaults (transient failures only, twice). Never stale by itself: the
// app starts with the member the page inlined, and asks again when it means to (on navigation and
// from the expiry warning: SessionEffects; after writes that change the member: memberChanged).
export const memberQuery = queryOptions({ queryKey: memberKey, queryFn: fetchMember, staleTime: Infinity });

export function useMemberQuery() {
  return useQuery(memberQuery);
}
