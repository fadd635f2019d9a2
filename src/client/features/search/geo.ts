// Map-area arithmetic for "search this area": the API takes a centre and a radius in miles (no new
// server parameter), so the visible bounds become the circle through their corners.
export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const toRadians = (deg: number) => (deg * Math.PI) / 180;

export function milesBetween(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The API's radius limits (schemas/api/merchant-search.schema.json: over 0, at most 500). */
export const MIN_RADIUS_MILES = 0.1;
export const MAX_RADIUS_MILES = 500;

/**
 * Centre ("lat,lng", 4 decimals: about 10 m, enough to keep the area) and the radius in miles that
 * covers every corner of the bounds, rounded up to a tenth.
 */
export function areaSearch(bounds: Bounds): { location: string; distance: number } {
  const centre = { latitude: (bounds.north + bounds.south) / 2, longitude: (bounds.east + bounds.west) / 2 };
  const corners = [
    { latitude: bounds.north, longitude: bounds.east },
    { latitude: bounds.north, longitude: bounds.west },
    { latitude: bounds.south, longitude: bounds.east },
    { latitude: bounds.south, longitude: bounds.west },
  ];
  const farthest = Math.max(...corners.map((corner) => milesBetween(centre, corner)));
  const distance = Math.min(MAX_RADIUS_MILES, Math.max(MIN_RADIUS_MILES, Math.ceil(farthest * 10) / 10));
  const fixed = (n: number) => String(Math.round(n * 10_000) / 10_000);
  return { location: `${fixed(centre.latitude)},${fixed(centre.longitude)}`, distance };
}
