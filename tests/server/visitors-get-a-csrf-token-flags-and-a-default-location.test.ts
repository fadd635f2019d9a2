import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, host, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('foundation endpoints', () => {
  it('issues a CSRF token with an HttpOnly secret cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/CSRF', headers: host('skyline') });
    expect(res.statusCode).toBe(200);
    expect(res.json().csrfToken).toMatch(/^[\w-]{20,}$/);
    const cookie = res.cookies.find((c) => c.name === 'mb_csrf');
    expect(cookie?.httpOnly).toBe(true);
  });

  it('answers 401 for /api/Member when anonymous', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Member', headers: host('skyline') });
    expect(res.statusCode).toBe(401);
  });

  it('serves feature flags per partner', async () => {
    const sso = (await t.app.inject({ method: 'GET', url: '/api/feature-flags', headers: host('harbor') })).json();
    expect(sso.authFlags.sso).toBe(true);
    expect(sso.partnerFeatureFlags.hasDiscoverPage).toBe(true);
    const none = (await t.app.inject({ method: 'GET', url: '/api/feature-flags', headers: host('openplate') })).json();
    expect(none.authFlags.signIn).toBe(false);
  });

  it('answers the default user location', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/DefaultUserLocation', headers: host('skyline') });
    expect(res.json()).toEqual({ latitude: 40.7577, longitude: -73.9857, name: 'Times Square' });
  });

  it('rejects a write without a CSRF token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Impressions', headers: host('skyline'), payload: [] });
    expect(res.statusCode).toBe(403);
  });
});
