// POST /api/Member/Bonus/{code} (spec 001 §7): activate an eligible bonus; the member (whose
// activeBonuses list it) is refetched after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bonus } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';
import { memberChanged } from '#client/features/session/index.ts';
import { accountMutationMeta } from './unauthorized.ts';

export const activateBonus = (code: string): Promise<Bonus> =>
  apiFetch<Bonus>(`/api/Member/Bonus/${encodeURIComponent(code)}`, { method: 'POST' });

export function useActivateBonus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: activateBonus,
    meta: accountMutationMeta,
    onSuccess: () => memberChanged(client),
  });
}
