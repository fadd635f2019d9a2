// GET /api/merchants/{merchantId}/flex-offers/members/{publicId} (spec 001 §7): the member's own
// flex offer at a merchant; 204 (no body) means none. A 404 (partner without flex offers, or a
// merchant that left) also reads as none.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlexOffer } from '#shared/generated/types.ts';
import { apiFetch, HttpError } from '#client/api/http.ts';

export async function fetchFlexOffer(merchantId: string, publicId: string): Promise<FlexOffer | null> {
  try {
    return await apiFetch<FlexOffer | null>(
      `/api/merchants/${encodeURIComponent(merchantId)}/flex-offers/members/${encodeURIComponent(publicId)}`,
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

export function flexOfferQuery(merchantId: string, publicId: string) {
  return queryOptions({
    queryKey: ['flexOffer', merchantId, publicId] as const,
    queryFn: () => fetchFlexOffer(merchantId, publicId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export const useFlexOffer = (merchantId: string, publicId: string | null, enabled: boolean) =>
  useQuery({ ...flexOfferQuery(merchantId, publicId ?? ''), enabled: enabled && publicId !== null });
