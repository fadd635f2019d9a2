// Spec 001 §6: "an unauthorized answer redirects to the login route". Any account call (queries
// keyed under ACCOUNT_QUERY_ROOT, and mutations tagged with it) answering 401 means the session has
// gone: the member is forgotten, and the account frame then sends the visitor to sign in and back.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { HttpError } from '#client/api/http.ts';
import { memberChanged } from '#client/features/session/index.ts';
import { ACCOUNT_QUERY_ROOT } from '../rules.ts';

export const isUnauthorized = (error: unknown): boolean => error instanceof HttpError && error.status === 401;

/** Mutation options for an account write, so its 401 is handled like a query's. */
export const accountMutationMeta = { [ACCOUNT_QUERY_ROOT]: true } as const;

export function watchAccountUnauthorized(client: QueryClient): () => void {
  const signedOut = () => void memberChanged(client, null);
  const stopQueries = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== ACCOUNT_QUERY_ROOT) return;
    if (isUnauthorized(event.query.state.error)) signedOut();
  });
  const stopMutations = client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || !event.mutation?.meta?.[ACCOUNT_QUERY_ROOT]) return;
    if (isUnauthorized(event.mutation.state.error)) signedOut();
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}

export function useAccountUnauthorizedWatch(): void {
  const client = useQueryClient();
  useEffect(() => watchAccountUnauthorized(client), [client]);
}
