import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
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

/**
 * The one way a write tells the app the member changed. With the server's answer (sign-in, fixed
 * credentials, enrolment, a profile update; null once the session has gone) the cached member
 * becomes that answer; without one (cards linked, a bonus activated) the member is asked for again,
 * and the promise settles once the new member is in.
 */
export async function memberChanged(client: QueryClient, answer?: Member | null): Promise<void> {
  if (answer !== undefined) client.setQueryData(memberKey, answer);
  else await client.invalidateQueries({ queryKey: memberKey });
}

/** memberChanged bound to the app's query client. */
export function useMemberChanged(): (answer?: Member | null) => Promise<void> {
  const client = useQueryClient();
  return useCallback((answer?: Member | null) => memberChanged(client, answer), [client]);
}
