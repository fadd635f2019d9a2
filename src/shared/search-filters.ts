// The search page's filter choices (spec 001 §2 "Search page"), shared by GET /api/feature-flags
// and the search page, so both offer the same suggested filters for a partner.
export const SUGGESTED_FILTERS = ['acclaimed', 'isNew', 'benefitsFor', 'reservations'] as const;
export type SuggestedFilter = (typeof SUGGESTED_FILTERS)[number];
export const PRICE_LEVELS = [1, 2, 3, 4] as const;
export const SEARCH_FEATURES = ['delivery', 'dineIn', 'takeout', 'onlineOrdering'] as const;
export type SearchFeature = (typeof SEARCH_FEATURES)[number];
export const SEARCH_MEALS = ['breakfast', 'brunch', 'lunch', 'dinner', 'lateNight'] as const;
export type SearchMeal = (typeof SEARCH_MEALS)[number];
export const SEARCH_SORTS = ['distance', 'rating', 'name', 'relevance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Acclaimed and reservations only for partners whose flags turn them on. */
export function suggestedFiltersFor(config: { acclaimedEnabled: boolean; openTableReservationsEnabled: boolean }): SuggestedFilter[] {
  return SUGGESTED_FILTERS.filter(
    (filter) => (filter !== 'acclaimed' || config.acclaimedEnabled) && (filter !== 'reservations' || config.openTableReservationsEnabled),
  );
}
