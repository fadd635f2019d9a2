// GET /api/Member/Cards (spec 001 §7): the member's linked cards.
import { queryOptions } from '@tanstack/react-query';
import type { MemberCards } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';

export const cardsKey = ['memberCards'] as const;

export const cardsQuery = queryOptions({
  queryKey: cardsKey,
  queryFn: () => apiFetch<MemberCards>('/api/Member/Cards'),
  retry: false,
});
