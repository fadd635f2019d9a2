// Partner-loaded cards (spec 001 §7): GET /api/Cards/AllPartnerCards, the cards the partner holds for
// the signed-in member that are not linked yet. The spec asks for it only when the partner has
// loaded cards (callers pass `enabled: partner.config.hasPartnerLoadedCards`) and never refetched:
// the list changes only when the member links one, and the form then drops those from the cache
// itself (withoutLinked) instead of asking again.
import { queryOptions } from '@tanstack/react-query';
import type { CardRegistrationResult, PartnerCards } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';

export function fetchPartnerCards(): Promise<PartnerCards> {
  return apiFetch<PartnerCards>('/api/Cards/AllPartnerCards');
}

/** The key names the member, so a cached list never shows under another member signed in later in the same tab. */
export function partnerCardsKey(publicId: string) {
  return ['partnerCards', publicId] as const;
}

export function partnerCardsQuery(publicId: string) {
  return queryOptions({
    queryKey: partnerCardsKey(publicId),
    queryFn: fetchPartnerCards,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    // A 401 must reach the form at once (it sends the member to sign in); other failures fall back
    // to the manual card, so retrying would only delay the form.
    retry: false,
  });
}

/** The list after a registration: the partner cards it linked are gone (the server no longer offers them). */
export function withoutLinked(cards: PartnerCards | undefined, result: CardRegistrationResult): PartnerCards | undefined {
  if (!cards) return cards;
  const linked = new Set(result.cardRegistration.map((e) => e.memberCard?.partnerCardId).filter((id): id is string => !!id));
  return cards.filter((c) => !linked.has(c.partnerCardId));
}
