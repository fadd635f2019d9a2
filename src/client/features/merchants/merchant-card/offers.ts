// What a merchant card says about earning, by visitor (spec 001 §2 "Merchant card", §6).
import type { Merchant, PartnerConfig } from '#shared/generated/types.ts';
import type { Visitor } from '#shared/visitor.ts';
import { signInPath } from '#shared/partner.ts';

export type EarnTier = 0 | 2 | 3;

/**
 * Exclusive locations are marked by their campaign codes. Our rule: a code starting with TIER2 or
 * SELECT (e.g. "TIER2_SELECT") needs opt-in level 2, one starting with TIER3 or VIP (e.g. the seed's
 * "VIPBONUS") needs level 3; any other code is an offer open to everyone. A merchant is exclusive
 * only when all its codes are gated — an open campaign beside a VIP bonus keeps it open to all —
 * and then it needs the lowest tier any of its codes asks for.
 */
export function requiredTierOf(campaignCodes: readonly string[]): 2 | 3 | null {
  let required: 2 | 3 | null = null;
  for (const code of campaignCodes) {
    const tier = /^(tier[-_ ]?2|select)/i.test(code) ? 2 : /^(tier[-_ ]?3|vip)/i.test(code) ? 3 : null;
    if (tier === null) return null;
    if (required === null || tier < required) required = tier;
  }
  return required;
}

/**
 * Copy names earning tiers 0, 2 and 3: opted-out and non-activated members earn at tier 0; without
 * a VIP programme tier 3 earns at the highest level there is (tier 2).
 */
export function earnTierOf(tier: number, hasVIP = true): EarnTier {
  if (tier >= 3) return hasVIP ? 3 : 2;
  if (tier === 2) return 2;
  return 0;
}

export type OffersView =
  /** Enrolment none: no offers and no sign-in prompt. */
  | { kind: 'none' }
  /** Anonymous (or known, not signed in) visitors: a sign-in prompt instead of earn amounts. */
  | { kind: 'signIn'; href: string }
  /**
   * A member without a card (never linked one, or closed the account by deleting the last): nothing
   * is earned until one is linked, so the card says where to link one instead of an earn rate.
   */
  | { kind: 'linkCard'; href: string }
  /** A member below the tier this exclusive location needs: unlock the next tier (2 or 3). */
  | { kind: 'locked'; nextTier: 2 | 3 }
  /** A member who earns here; showEarnRate false hides the rate but keeps bonus and tag. */
  | { kind: 'member'; earnTier: EarnTier | null; activate: boolean };

export function offersViewFor(merchant: Merchant, visitor: Visitor, config: PartnerConfig): OffersView {
  if (config.enrollmentType === 'none') return { kind: 'none' };
  if (visitor.kind === 'anonymous' || visitor.kind === 'knownMember' || visitor.tier === null) {
    return { kind: 'signIn', href: signInPath(config.enrollmentType) };
  }
  // Closed accounts re-enrol from the account overview, which leads with that form.
  if (visitor.kind === 'nonCardMember') return { kind: 'linkCard', href: '/add_card' };
  if (visitor.kind === 'closedAccount') return { kind: 'linkCard', href: '/account/overview' };
  const required = requiredTierOf(merchant.benefitAvailability.campaignCodes);
  if (required !== null && visitor.tier < required) {
    const nextTier = visitor.tier < 2 ? 2 : 3;
    // Without a VIP programme there is no way up to tier 3: nothing to unlock, so nothing is offered.
    if (nextTier === 3 && !config.hasVIP) return { kind: 'none' };
    return { kind: 'locked', nextTier };
  }
  return {
    kind: 'member',
    earnTier: config.showEarnRate ? earnTierOf(visitor.tier, config.hasVIP) : null,
    // Tier 1 = not activated: such members are asked to activate (spec 001 §6).
    activate: visitor.tier === 1,
  };
}

/** Acclaimed badge: level 1 needs acclaimedEnabled; level 2 shows under either acclaimed flag. */
export function showsAcclaimed(merchant: Merchant, config: PartnerConfig): boolean {
  if (merchant.acclaimedLevel >= 2) return config.acclaimedEnabled || config.acclaimed2Enabled;
  return merchant.acclaimedLevel >= 1 && config.acclaimedEnabled;
}

/** "City (Neighbourhood)", the neighbourhood only when it says something the city does not. */
export function placeOf(merchant: Merchant): string {
  const city = merchant.location.address.city.trim();
  const neighborhood = merchant.location.neighborhood?.trim();
  if (!neighborhood || neighborhood.toLowerCase() === city.toLowerCase()) return city;
  return city ? `${city} (${neighborhood})` : neighborhood;
}

export function distanceText(distance: number | null): string | null {
  if (distance === null || !Number.isFinite(distance) || distance < 0) return null;
  return `${distance < 10 ? distance.toFixed(1) : Math.round(distance)} mi`;
}

export function formatRating(rating: number): string {
  const clamped = Math.min(5, Math.max(0, rating));
  return Number.isInteger(clamped) ? String(clamped) : clamped.toFixed(1);
}

export function clampPrice(priceRange: number): number {
  return Math.min(4, Math.max(0, Math.round(priceRange)));
}
