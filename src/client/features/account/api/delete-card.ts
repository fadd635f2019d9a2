// DELETE /api/Member/Cards?id={id} (spec 001 §4, §7). Deleting the last card closes the account
// and ends the session on the server (result.accountClosed): the caller then signs the member out.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardDeleteResult } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';
import { cardsKey } from '#client/features/cards/index.ts';
import { accountMutationMeta } from './unauthorized.ts';

export const deleteCard = (id: string): Promise<CardDeleteResult> =>
  apiFetch<CardDeleteResult>(`/api/Member/Cards?${new URLSearchParams({ id }).toString()}`, { method: 'DELETE' });

export function useDeleteCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    meta: accountMutationMeta,
    onSuccess: (result) => client.setQueryData(cardsKey, result.cards),
  });
}
