// The box a search prefilters on (src/server/repos/merchants.ts, searchBox) must hold every point
// the SQL haversine puts inside the radius, anywhere on the globe: otherwise the indexed search would
// miss merchants a scan finds.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { searchBox, type SearchBox } from '#server/repos/merchants.ts';

const rad = (deg: number) => deg * (Math.PI / 180);
const deg = (r: number) => r * (180 / Math.PI);

/** The SQL haversine of src/server/repos/merchants.ts (DISTANCE), step for step. */
const miles = (lat: number, lng: number, toLat: number, toLng: number) =>
  7917.6 *
  Math.asin(
    Math.min(
      1,
      Math.sqrt(Math.sin(rad(toLat - lat) / 2) ** 2 + Math.cos(rad(lat)) * Math.cos(rad(toLat)) * Math.sin(rad(toLng - lng) / 2) ** 2),
    ),
  );

/** The point `distance` miles from (lat, lng) on `bearing` (radians from north), longitude in -180..180. */
function destination(lat: number, lng: number, bearing: number, distance: number): [number, number] {
  const d = distance / 3958.8;
  const phi = Math.asin(Math.sin(rad(lat)) * Math.cos(d) + Math.cos(rad(lat)) * Math.sin(d) * Math.cos(bearing));
  const lambda =
    rad(lng) + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(rad(lat)), Math.cos(d) - Math.sin(rad(lat)) * Math.sin(phi));
  const wrapped = ((deg(lambda) + 540) % 360) - 180;
  return [deg(phi), wrapped];
}

const inside = (box: SearchBox, lat: number, lng: number) =>
  lat >= box.south && lat <= box.north && (box.longitudes === null || (lng >= box.longitudes.west && lng <= box.longitudes.east));

describe('searchBox', () => {
  it('holds every point within the radius, near the poles and the 180th meridian too', () => {
    const latitude = fc.oneof(
      fc.double({ min: -90, max: 90, noNaN: true }),
      fc.double({ min: 80, max: 90, noNaN: true }),
      fc.double({ min: -90, max: -80, noNaN: true }),
    );
    const longitude = fc.oneof(
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.double({ min: 175, max: 180, noNaN: true }),
      fc.double({ min: -180, max: -175, noNaN: true }),
    );
    // The circle's edge is where a box that is too small would show, so half the points are on it.
    const share = fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true }));
    const bearing = fc.oneof(
      fc.constantFrom(0, Math.PI / 2, Math.PI, -Math.PI / 2),
      fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    );
    fc.assert(
      fc.property(latitude, longitude, fc.double({ min: 0.01, max: 500, noNaN: true }), share, bearing, (lat, lng, radius, s, b) => {
        const box = searchBox({ latitude: lat, longitude: lng }, radius);
        // The exact tangent bearing, where the circle reaches its westernmost and easternmost longitude.
        for (const theta of [b, Math.acos(Math.max(-1, Math.min(1, Math.tan(rad(lat)) * Math.tan(radius / 3958.8))))]) {
          const [toLat, toLng] = destination(lat, lng, theta, radius * s);
          if (miles(lat, lng, toLat, toLng) <= radius) expect(inside(box, toLat, toLng), `${toLat},${toLng}`).toBe(true);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('is a tight box where merchants are (the index prunes with it)', () => {
    const times = searchBox({ latitude: 40.7577, longitude: -73.9857 }, 25);
    expect(times.north - times.south).toBeCloseTo(50 / 69.09, 2);
    expect(times.longitudes).not.toBeNull();
    expect(times.longitudes!.east - times.longitudes!.west).toBeCloseTo(50 / 69.09 / Math.cos(rad(40.7577)), 2);
  });

  it('lets every longitude through around a pole and across the 180th meridian', () => {
    expect(searchBox({ latitude: 89.9, longitude: 10 }, 25).longitudes).toBeNull();
    expect(searchBox({ latitude: -64.2, longitude: 179.9 }, 25).longitudes).toBeNull();
    expect(searchBox({ latitude: 51.5, longitude: -179.9 }, 25).longitudes).toBeNull();
  });
});
