// GET /api/Member/Recover/Token: whether a reset link is still good.
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/api/http.ts';

export function resetTokenQuery(token: string) {
  return queryOptions({
    queryKey: ['recoverToken', token] as const,
    queryFn: () => apiFetch<{ valid: boolean }>(`/api/Member/Recover/Token?token=${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });
}
