// The same-origin rule for the GETs that change something (sign-out), called directly: which
// evidence lets a request act, and which refuses it (src/server/auth/same-origin.ts).
import { describe, expect, it } from 'vitest';
import { crossSiteReason, type RequestLike } from '#server/auth/same-origin.ts';

const own = (headers: RequestLike['headers']): RequestLike => ({ headers, protocol: 'https', host: 'harbor.example' });

describe('a request that may act', () => {
  it('comes from our own page or was typed by the visitor (Sec-Fetch-Site)', () => {
    expect(crossSiteReason(own({ 'sec-fetch-site': 'same-origin' }))).toBeNull();
    expect(crossSiteReason(own({ 'sec-fetch-site': 'none' }))).toBeNull();
  });

  it('trusts Sec-Fetch-Site over an Origin or Referer naming another site', () => {
    expect(
      crossSiteReason(own({ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example', referer: 'https://evil.example/' })),
    ).toBeNull();
  });

  it('without Sec-Fetch-Site, carries our own Origin or Referer', () => {
    expect(crossSiteReason(own({ origin: 'https://harbor.example' }))).toBeNull();
    expect(crossSiteReason(own({ referer: 'https://harbor.example/account/overview?x=1' }))).toBeNull();
    expect(crossSiteReason(own({ origin: 'https://harbor.example', referer: '' }))).toBeNull();
    expect(crossSiteReason(own({ origin: 'https://harbor.example', referer: 'https://harbor.example/' }))).toBeNull();
  });
});

describe('a request refused', () => {
  it('comes from another site, or another partner on the same site', () => {
    expect(crossSiteReason(own({ 'sec-fetch-site': 'cross-site' }))).toBe('cross-site');
    expect(crossSiteReason(own({ 'sec-fetch-site': 'same-site', origin: 'https://harbor.example' }))).toBe('same-site');
  });

  it('names another origin: another host, scheme or port', () => {
    expect(crossSiteReason(own({ origin: 'https://skyline.example' }))).toBe('origin');
    expect(crossSiteReason(own({ origin: 'http://harbor.example' }))).toBe('origin');
    expect(crossSiteReason(own({ origin: 'https://harbor.example:8443' }))).toBe('origin');
    expect(crossSiteReason(own({ origin: 'null' }))).toBe('origin');
  });

  it('has a Referer of another origin, or one that is no URL', () => {
    expect(crossSiteReason(own({ referer: 'https://evil.example/harbor.example' }))).toBe('referer');
    expect(crossSiteReason(own({ origin: 'https://harbor.example', referer: 'https://evil.example/' }))).toBe('referer');
    expect(crossSiteReason(own({ referer: 'not a url' }))).toBe('referer');
  });

  it('carries no evidence at all (every browser that runs the app sends one of the three)', () => {
    expect(crossSiteReason(own({}))).toBe('no-evidence');
    expect(crossSiteReason(own({ referer: '' }))).toBe('no-evidence');
    expect(crossSiteReason(own({ origin: ['https://harbor.example'], referer: [''] }))).toBe('no-evidence');
  });
});
