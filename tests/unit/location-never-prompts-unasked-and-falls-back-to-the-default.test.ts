// The geolocation service (spec 000 §4, §9) against a fake navigator.geolocation.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUILT_IN_LOCATION,
  decideLocation,
  decideLowAccuracyLocation,
  FIRST_READ_OPTIONS,
  LOCATION_REFRESH_MS,
  watchLocation,
  type GeolocationDeps,
  type LocationDecision,
} from '#client/features/location/geolocation.ts';

type Answer = { latitude: number; longitude: number } | { error: number } | 'hang';

/** A fake geolocation answering each call with the next scripted answer (the last one repeats). */
function fakeGeolocation(...answers: Answer[]) {
  const calls: Array<PositionOptions | undefined> = [];
  const geolocation: GeolocationDeps['geolocation'] = {
    getCurrentPosition(success, failure, options) {
      calls.push(options);
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
      if (answer === 'hang') return;
      if ('error' in answer) {
        failure?.({
          code: answer.error,
          message: 'denied',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError);
        return;
      }
      success({ coords: { ...answer, accuracy: 5 }, timestamp: Date.now() } as unknown as GeolocationPosition);
    },
  };
  return { geolocation, calls };
}

function deps(
  geolocation: GeolocationDeps['geolocation'],
  fetchDefault: GeolocationDeps['fetchDefault'] = async () => ({ latitude: 41.881, longitude: -87.6278 }),
  permission: PermissionState | null = 'granted',
): GeolocationDeps {
  return { geolocation, fetchDefault, permission: async () => permission };
}

describe('decideLocation', () => {
  it('asks the browser first with high accuracy, a 7000 ms timeout and no cached position, and rounds to 2 decimals', async () => {
    const fake = fakeGeolocation({ latitude: 37.774929, longitude: -122.419416 });
    const fetchDefault = vi.fn();
    const result = await decideLocation(undefined, deps(fake.geolocation, fetchDefault));
    expect(result).toEqual({ latitude: 37.77, longitude: -122.42, source: 'browser' });
    expect(fake.calls).toEqual([{ enableHighAccuracy: true, timeout: 7000, maximumAge: 0 }]);
    expect(fetchDefault).not.toHaveBeenCalled();
  });

  it('never prompts on its own: without a granted permission it uses the server default and leaves the browser alone', async () => {
    for (const permission of ['prompt', 'denied', null] as const) {
      const fake = fakeGeolocation({ latitude: 37.774929, longitude: -122.419416 });
      const result = await decideLocation(undefined, deps(fake.geolocation, undefined, permission));
      expect(result, String(permission)).toEqual({ latitude: 41.88, longitude: -87.63, source: 'server' });
      expect(fake.calls).toEqual([]);
    }
  });

  it('asks the browser (which may prompt) once the visitor asked for their current location', async () => {
    const fake = fakeGeolocation({ latitude: 37.774929, longitude: -122.419416 });
    const result = await decideLocation(undefined, deps(fake.geolocation, undefined, 'prompt'), true);
    expect(result).toEqual({ latitude: 37.77, longitude: -122.42, source: 'browser' });
    expect(fake.calls).toHaveLength(1);
  });

  it("keeps the server default's name for the label, trimmed and capped; a device position carries none", async () => {
    const named = await decideLocation(
      undefined,
      deps(fakeGeolocation({ error: 1 }).geolocation, async () => ({
        latitude: 41.881,
        longitude: -87.6278,
        name: `  ${'Loop '.repeat(30)}`,
      })),
    );
    expect(named.source).toBe('server');
    expect(named.name).toBe('Loop '.repeat(30).trim().slice(0, 80));
    const device = await decideLocation(
      undefined,
      {
        ...deps(fakeGeolocation({ latitude: 41.8837, longitude: -87.6289 }).geolocation),
        fetchDefault: async () => ({ latitude: 1, longitude: 1, name: 'Elsewhere' }),
      },
      true,
    );
    expect(device).toEqual({ latitude: 41.88, longitude: -87.63, source: 'browser' });
  });

  it('falls back to the server default location on a browser error (denied, unavailable, timeout)', async () => {
    for (const code of [1, 2, 3]) {
      const fake = fakeGeolocation({ error: code });
      const result = await decideLocation(undefined, deps(fake.geolocation));
      expect(result).toEqual({ latitude: 41.88, longitude: -87.63, source: 'server' });
    }
  });

  it('falls back to the server default when the browser has no geolocation at all', async () => {
    expect(await decideLocation(undefined, deps(undefined))).toMatchObject({ source: 'server' });
  });

  it('falls back to 40.7577,-73.9857 when the server default fails too (rounded like every other answer)', async () => {
    const fake = fakeGeolocation({ error: 1 });
    const result = await decideLocation(
      undefined,
      deps(fake.geolocation, () => Promise.reject(new Error('offline'))),
    );
    expect(BUILT_IN_LOCATION).toEqual({ latitude: 40.7577, longitude: -73.9857, name: 'Times Square' });
    // Named, so the search page can label it "Near Times Square (default)".
    expect(result).toEqual({ latitude: 40.76, longitude: -73.99, source: 'default', name: 'Times Square' });
  });

  it('treats a nonsense server answer as a failure', async () => {
    const fake = fakeGeolocation({ error: 1 });
    const result = await decideLocation(
      undefined,
      deps(fake.geolocation, async () => ({ latitude: 500, longitude: Number.NaN })),
    );
    expect(result.source).toBe('default');
  });

  it('the low-accuracy variant accepts a position cached up to an hour, with a 5000 ms timeout', async () => {
    const fake = fakeGeolocation({ latitude: 51.50735, longitude: -0.12776 });
    const result = await decideLowAccuracyLocation(deps(fake.geolocation));
    expect(result).toEqual({ latitude: 51.51, longitude: -0.13, source: 'browser' });
    expect(fake.calls).toEqual([{ enableHighAccuracy: false, timeout: 5000, maximumAge: 3_600_000 }]);
  });
});

describe('watchLocation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('re-reads the position every 5 minutes after a decision, until stopped', async () => {
    const fake = fakeGeolocation({ latitude: 40.1, longitude: -74.1 }, { error: 1 }, { latitude: 40.3, longitude: -74.3 });
    const seen: LocationDecision[] = [];
    const stop = watchLocation((d) => seen.push(d), deps(fake.geolocation));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([{ latitude: 40.1, longitude: -74.1, source: 'browser' }]);

    await vi.advanceTimersByTimeAsync(LOCATION_REFRESH_MS - 1);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    // The second read fails: the server default stands in.
    expect(seen[1]).toEqual({ latitude: 41.88, longitude: -87.63, source: 'server' });

    await vi.advanceTimersByTimeAsync(LOCATION_REFRESH_MS);
    expect(seen[2]).toEqual({ latitude: 40.3, longitude: -74.3, source: 'browser' });
    expect(fake.calls.every((o) => o === FIRST_READ_OPTIONS || JSON.stringify(o) === JSON.stringify(FIRST_READ_OPTIONS))).toBe(true);

    stop();
    await vi.advanceTimersByTimeAsync(LOCATION_REFRESH_MS * 3);
    expect(seen).toHaveLength(3);
    expect(fake.calls).toHaveLength(3);
  });

  it('a browser that never answers falls back after its timeout, and the next read is 5 minutes after that', async () => {
    const fake = fakeGeolocation('hang', { latitude: 1.234, longitude: 5.678 });
    const seen: LocationDecision[] = [];
    const stop = watchLocation((d) => seen.push(d), deps(fake.geolocation));
    await vi.advanceTimersByTimeAsync(7000);
    expect(seen).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([{ latitude: 41.88, longitude: -87.63, source: 'server' }]);
    await vi.advanceTimersByTimeAsync(LOCATION_REFRESH_MS - 1);
    expect(fake.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen[1]).toEqual({ latitude: 1.23, longitude: 5.68, source: 'browser' });
    stop();
  });
});
