// The one writer of the cached member after a write (docs/decisions/2026-11-28-forms-live-in-features.md).
// Its own module, not member.ts: the first route loads member.ts for the member query, and only the
// forms and the account centre, which load later, need this.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Member } from '#shared/generated/types.ts';
import { memberKey } from './member.ts';

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
