// Fallback wording for the search page's choices (the copy catalogue's search.* keys win).
import type { SearchFeature, SearchMeal, SearchSort, SuggestedFilter } from '#shared/search-filters.ts';
import type { ActiveFilter } from './search-state.ts';

export const SUGGESTED_DEFAULTS: Record<SuggestedFilter, string> = {
  acclaimed: 'Acclaimed',
  isNew: 'New',
  benefitsFor: 'Bonus offers',
  reservations: 'Reservations',
};
export const FEATURE_DEFAULTS: Record<SearchFeature, string> = {
  delivery: 'Delivery',
  dineIn: 'Dine-in',
  takeout: 'Takeout',
  onlineOrdering: 'Online ordering',
};
export const MEAL_DEFAULTS: Record<SearchMeal, string> = {
  breakfast: 'Breakfast',
  brunch: 'Brunch',
  lunch: 'Lunch',
  dinner: 'Dinner',
  lateNight: 'Late night',
};
export const SORT_DEFAULTS: Record<SearchSort, string> = { distance: 'Distance', rating: 'Rating', name: 'Name', relevance: 'Relevance' };

export const priceLabel = (level: number) => '$'.repeat(level);

/** The chip text of an active filter. */
export function filterLabel(filter: ActiveFilter, copy: (key: string, fallback?: string) => string): string {
  switch (filter.kind) {
    case 'priceRange':
      return priceLabel(filter.value);
    case 'features':
      return copy(`search.filters.${filter.value}`, FEATURE_DEFAULTS[filter.value]);
    case 'mealsServed':
      return copy(`search.filters.${filter.value}`, MEAL_DEFAULTS[filter.value]);
    default:
      return copy(`search.filters.${filter.kind}`, SUGGESTED_DEFAULTS[filter.kind]);
  }
}
