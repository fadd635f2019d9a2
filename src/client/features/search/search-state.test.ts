import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  activeFilters,
  applyChange,
  EMPTY_SEARCH,
  isCurrentLocationValue,
  isEmptyQuery,
  parseSearchState,
  searchQueryString,
  withoutAllFilters,
  withoutFilter,
} from './search-state.ts';
import { areaSearch, milesBetween } from './geo.ts';

describe('search state <-> URL', () => {
  it('reads every query the carousels link to ("View all") and writes it back unchanged', () => {
    for (const query of [
      'sortBy=rating',
      'isNew=true',
      'acclaimed=true&sortBy=rating',
      'benefitsFor=members&sortBy=distance',
      'sortBy=rating&distance=3',
      'priceRange=3,4&sortBy=rating',
      'features=takeout&sortBy=distance',
      'mealsServed=lateNight&sortBy=distance',
      'restaurantOrCuisine=pizza&sortBy=rating',
      'reservations=true&sortBy=rating',
      'location=Chicago&isNew=true',
    ]) {
      const state = parseSearchState(query);
      expect(parseSearchState(searchQueryString(state))).toEqual(state);
    }
    expect(parseSearchState('priceRange=3,4&sortBy=rating')).toMatchObject({ priceRange: [3, 4], sortBy: 'rating' });
    expect(parseSearchState('isNew=true&location=Chicago')).toMatchObject({ isNew: true, location: 'Chicago' });
  });

  it('recognises "Current Location" in its URL encodings as the current location', () => {
    for (const raw of [
      'Current Location',
      'current location',
      'Current%20Location',
      'Current+Location',
      'Current%2520Location',
      'CURRENT%2BLOCATION',
      '',
    ]) {
      expect(isCurrentLocationValue(raw)).toBe(true);
    }
    expect(parseSearchState('location=Current%2520Location').location).toBeNull();
    expect(parseSearchState('location=Current+Location&sortBy=name').location).toBeNull();
    expect(isCurrentLocationValue('Brooklyn')).toBe(false);
  });

  it('accepts the API aliases and drops values the page cannot offer', () => {
    const state = parseSearchState(
      'features=dine-in,Online%20Ordering,takeaway,teleport&mealsServed=late-night,elevenses&priceRange=4,9,1,1&sortBy=cheapest&pageNo=-2&distance=9999',
    );
    expect(state.features).toEqual(['dineIn', 'takeout', 'onlineOrdering']);
    expect(state.mealsServed).toEqual(['lateNight']);
    expect(state.priceRange).toEqual([1, 4]);
    expect(state.sortBy).toBeNull();
    expect(state.pageNo).toBe(1);
    expect(state.distance).toBeNull();
  });

  it('writes a canonical string (fixed order, defaults left out), so equal searches share a URL', () => {
    const a = parseSearchState('sortBy=name&priceRange=2,1&features=takeout,delivery&location=10036');
    const b = parseSearchState('features=delivery,takeout&location=10036&priceRange=1,2&sortBy=name');
    expect(searchQueryString(a)).toBe(searchQueryString(b));
    expect(searchQueryString(EMPTY_SEARCH)).toBe('');
    expect(searchQueryString(parseSearchState('location=Current%20Location&pageNo=1'))).toBe('');
  });

  it('any change but paging starts again at page 1; a new place drops the map-area radius', () => {
    const state = parseSearchState('location=40.75,-73.98&distance=2.5&pageNo=3');
    expect(applyChange(state, { pageNo: 4 }).pageNo).toBe(4);
    expect(applyChange(state, { isNew: true }).pageNo).toBe(1);
    expect(applyChange(state, { location: 'Chicago' })).toMatchObject({ location: 'Chicago', distance: null, pageNo: 1 });
    expect(applyChange(state, { location: '41.88,-87.63', distance: 3 })).toMatchObject({ distance: 3 });
  });

  it('lists active filters as removable chips', () => {
    const state = parseSearchState('isNew=true&priceRange=2,3&mealsServed=brunch&sortBy=rating');
    expect(activeFilters(state)).toEqual([
      { kind: 'isNew' },
      { kind: 'priceRange', value: 2 },
      { kind: 'priceRange', value: 3 },
      { kind: 'mealsServed', value: 'brunch' },
    ]);
    expect(searchQueryString(withoutFilter(state, { kind: 'priceRange', value: 2 }))).toBe(
      'isNew=true&priceRange=3&mealsServed=brunch&sortBy=rating',
    );
    expect(searchQueryString(withoutAllFilters(state))).toBe('sortBy=rating');
  });

  it('an empty /search is one without any search input (it may restore the last search)', () => {
    expect(isEmptyQuery(new URLSearchParams(''))).toBe(true);
    expect(isEmptyQuery(new URLSearchParams('utm_source=mail'))).toBe(true);
    expect(isEmptyQuery(new URLSearchParams('location=Current%20Location'))).toBe(false);
    expect(isEmptyQuery(new URLSearchParams('sortBy=name'))).toBe(false);
  });

  it('never throws and always round-trips, whatever the query string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (query) => {
        const state = parseSearchState(query);
        expect(parseSearchState(searchQueryString(state))).toEqual(state);
      }),
    );
  });
});

describe('search this area', () => {
  it('turns the visible bounds into a centre and a radius covering every corner', () => {
    const bounds = { north: 40.78, south: 40.74, east: -73.96, west: -74.01 };
    const { location, distance } = areaSearch(bounds);
    expect(location).toBe('40.76,-73.985');
    const centre = { latitude: 40.76, longitude: -73.985 };
    expect(distance).toBeGreaterThanOrEqual(milesBetween(centre, { latitude: 40.78, longitude: -73.96 }));
    expect(distance).toBeLessThan(3);
  });

  it('keeps the radius inside what the API accepts', () => {
    expect(areaSearch({ north: 80, south: -80, east: 179, west: -179 }).distance).toBe(500);
    expect(areaSearch({ north: 40.75, south: 40.75, east: -73.98, west: -73.98 }).distance).toBe(0.1);
  });
});
