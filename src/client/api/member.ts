import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '#shared/generated/types.ts';
import { apiFetch, HttpError } from './http.ts';

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

export const memberQuery = queryOptions({ queryKey: memberKey, queryFn: fetchMember, staleTime: 0, retry: false });

export function useMemberQuery() {
  return useQuery(memberQuery);
}
