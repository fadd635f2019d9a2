// @vitest-environment happy-dom
// Client platform services: CSRF start-up and placeholder, session expiry plan, referral cookies,
// public id capture, CMS query options.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_FALLBACK_MS, CSRF_STORAGE_KEY, resetCsrfForTests, startCsrf } from '#client/api/csrf.ts';
import { apiFetch, CsrfUnavailableError, getCsrfToken, setCsrfUnavailableHandler } from '#client/api/http.ts';
import { planSession, readSessionExpiry, DEFAULT_SESSION_MS, WARNING_BEFORE_MS } from '#client/features/session/expiry.ts';
import { captureReferral, readReferral, referralCookieName, SOURCE_LIFETIME_MINUTES } from '#client/features/tracking/referral.ts';
import { capturePublicId, PUBLIC_ID_COOKIE } from '#client/features/session/public-id.ts';
import { cmsQuery, cmsUrl } from '#client/api/cms.ts';
import { isAdminMessage } from '#client/features/session/emulation.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=-1`;
  }
}

describe('CSRF start-up', () => {
  beforeEach(() => {
    resetCsrfForTests();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetCsrfForTests();
    setCsrfUnavailableHandler(null);
  });

  it('fetches the token, retrying up to 5 times, and keeps it in session storage', async () => {
    const storage = memoryStorage();
    let calls = 0;
    const fetchToken = async () => {
      calls += 1;
      if (calls < 4) throw new Error('503');
      return 'real-token';
    };
    const token = startCsrf({ fetchToken, storage, retryDelay: () => 100 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await token).toBe('real-token');
    expect(calls).toBe(4);
    expect(getCsrfToken()).toBe('real-token');
    expect(storage.map.get(CSRF_STORAGE_KEY)).toBe('real-token');
  });

  it('gives up after 1 + 5 attempts', async () => {
    let calls = 0;
    void startCsrf({
      fetchToken: async () => {
        calls += 1;
        throw new Error('down');
      },
      storage: memoryStorage(),
      retryDelay: () => 10,
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(6);
  });

  it('stores a placeholder after 35 s of failure; a write with it is not sent and names the token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const token = startCsrf({
      fetchToken: () => Promise.reject(new Error('down')),
      storage: memoryStorage(),
      retryDelay: () => 1000,
      random: () => 'abc123',
    });
    await vi.advanceTimersByTimeAsync(CSRF_FALLBACK_MS - 1);
    expect(getCsrfToken()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(await token).toBe('csrf-unavailable-abc123');

    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const shown: string[] = [];
    setCsrfUnavailableHandler((error) => shown.push(error.message));
    await expect(apiFetch('/api/Member', { method: 'PUT', json: {} })).rejects.toBeInstanceOf(CsrfUnavailableError);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(shown).toEqual(['Something went wrong. Please refresh the page and try again. Error Code: csrf-unavailable-abc123']);
    vi.unstubAllGlobals();
  });

  it('a token kept in session storage stands in only when GET /api/CSRF fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = memoryStorage({ [CSRF_STORAGE_KEY]: 'kept-token' });
    let calls = 0;
    const token = startCsrf({
      fetchToken: async () => {
        calls += 1;
        if (calls === 1) throw new Error('503');
        return new Promise<string>(() => undefined);
      },
      storage,
      retryDelay: () => 1000,
    });
    expect(await token).toBe('kept-token');
    expect(getCsrfToken()).toBe('kept-token');
  });

  // metro, signed in outside the app: the page's impressions went out with the anonymous token
  // kept from before and were refused (403 in the console) before the fresh one arrived.
  it('never sends the kept token of an earlier session while the fresh one is on its way', async () => {
    const storage = memoryStorage({ [CSRF_STORAGE_KEY]: 'anonymous-token' });
    let release: (t: string) => void = () => undefined;
    void startCsrf({ fetchToken: () => new Promise<string>((r) => (release = r)), storage });
    expect(getCsrfToken()).toBeNull();
    const seen: Array<string | null> = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers).get('X-XSRF-TOKEN'));
      return new Response('{}', { status: 202 });
    });
    const write = apiFetch('/api/Impressions', { method: 'POST', json: [] });
    await vi.advanceTimersByTimeAsync(500);
    expect(seen).toEqual([]);
    release('member-token');
    await write;
    expect(seen).toEqual(['member-token']);
    expect(storage.map.get(CSRF_STORAGE_KEY)).toBe('member-token');
    vi.unstubAllGlobals();
  });

  it('fetches the token again when the tab comes back into view (another tab may have signed in)', async () => {
    const storage = memoryStorage();
    let current = 'anonymous-token';
    await startCsrf({ fetchToken: async () => current, storage });
    current = 'member-token';
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(getCsrfToken()).toBe('anonymous-token');
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(getCsrfToken()).toBe('member-token');
    expect(storage.map.get(CSRF_STORAGE_KEY)).toBe('member-token');
  });

  it('writes made before the token arrives wait for it and carry X-XSRF-TOKEN', async () => {
    let release: (t: string) => void = () => undefined;
    void startCsrf({ fetchToken: () => new Promise<string>((r) => (release = r)), storage: memoryStorage() });
    const seen: Array<string | null> = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers).get('X-XSRF-TOKEN'));
      return new Response('{}', { status: 200 });
    });
    const write = apiFetch('/api/Impressions', { method: 'POST', json: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([]);
    release('late-token');
    await write;
    expect(seen).toEqual(['late-token']);
    vi.unstubAllGlobals();
  });
});

describe('CSRF token bound to the session', () => {
  beforeEach(() => resetCsrfForTests());
  afterEach(() => resetCsrfForTests());

  it('takes the new token a sign-in answers with, for later writes and for the next page', async () => {
    const storage = memoryStorage();
    await startCsrf({ fetchToken: async () => 'anonymous-token', storage });
    const sent: Array<string | null> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers).get('X-XSRF-TOKEN'));
      return url === '/api/Member/SignIn'
        ? new Response('{}', { status: 200, headers: { 'X-XSRF-TOKEN': 'member-token' } })
        : new Response('{}', { status: 200 });
    });
    await apiFetch('/api/Member/SignIn', { method: 'POST', json: {} });
    await apiFetch('/api/Member', { method: 'PUT', json: {} });
    expect(sent).toEqual(['anonymous-token', 'member-token']);
    expect(storage.map.get(CSRF_STORAGE_KEY)).toBe('member-token');
  });

  it('fetches a fresh token and sends a write once more when the server calls the token stale', async () => {
    const storage = memoryStorage();
    let fresh = 'stale-token';
    await startCsrf({ fetchToken: async () => fresh, storage });
    fresh = 'fresh-token';
    const sent: Array<string | null> = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const token = new Headers(init.headers).get('X-XSRF-TOKEN');
      sent.push(token);
      return token === 'fresh-token'
        ? new Response('{"ok":true}', { status: 200 })
        : new Response('{"code":"csrf"}', { status: 403, statusText: 'Forbidden' });
    });
    expect(await apiFetch('/api/Member', { method: 'PUT', json: {} })).toEqual({ ok: true });
    expect(sent).toEqual(['stale-token', 'fresh-token']);
    expect(storage.map.get(CSRF_STORAGE_KEY)).toBe('fresh-token');
  });
});

describe('session expiry plan', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');

  it('warns 60 s before expiry and signs out at expiry when expiry is within 24 h', () => {
    expect(planSession(now + 15 * 60_000, now)).toEqual({ warnInMs: 15 * 60_000 - WARNING_BEFORE_MS, expireInMs: 15 * 60_000 });
    expect(planSession(now + 30_000, now)).toEqual({ warnInMs: 0, expireInMs: 30_000 });
    expect(planSession(now + 24 * 3_600_000, now).expireInMs).toBe(24 * 3_600_000);
  });

  it('does nothing for a session further than 24 h away (remember-me)', () => {
    expect(planSession(now + 24 * 3_600_000 + 1, now)).toEqual({ warnInMs: null, expireInMs: null });
  });

  it('an already expired session goes to sign-out at once', () => {
    expect(planSession(now - 1, now)).toEqual({ warnInMs: null, expireInMs: 0 });
  });

  it('reads the expiry cookie, defaulting to 15 minutes from now', () => {
    expect(readSessionExpiry(now, '2026-11-21T12:10:00.000Z')).toBe(now + 10 * 60_000);
    expect(readSessionExpiry(now, null)).toBe(now + DEFAULT_SESSION_MS);
    expect(readSessionExpiry(now, 'garbage')).toBe(now + DEFAULT_SESSION_MS);
  });
});

describe('referral cookies', () => {
  beforeEach(clearCookies);

  it('saves the referral values of the URL in cookies', () => {
    expect(captureReferral('?utm_source=newsletter&utm_campaign=fall&source=partner-site&page=2')).toBe(true);
    expect(readReferral()).toEqual({
      utmTerm: null,
      utmMedium: null,
      utmCampaign: 'fall',
      utmSource: 'newsletter',
      utmContent: null,
      referrer: null,
      source: 'partner-site',
    });
  });

  it('saving any value clears the earlier ones', () => {
    captureReferral('?utm_source=newsletter&utm_campaign=fall&referrer=pub-1');
    captureReferral('?utm_medium=social');
    expect(readReferral()).toMatchObject({ utmMedium: 'social', utmSource: null, utmCampaign: null, referrer: null });
    expect(document.cookie).not.toContain(referralCookieName('utm_source'));
  });

  it('a URL without referral values keeps the saved ones', () => {
    captureReferral('?utm_source=newsletter');
    expect(captureReferral('?q=pizza')).toBe(false);
    expect(readReferral().utmSource).toBe('newsletter');
  });

  it('source lives 2880 minutes', () => {
    expect(SOURCE_LIFETIME_MINUTES).toBe(2880);
    const writes: string[] = [];
    let proto: object | null = document;
    let descriptor: PropertyDescriptor | undefined;
    while (proto && !descriptor) {
      descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
      proto = Object.getPrototypeOf(proto) as object | null;
    }
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor!.set!.call(document, value);
    });
    try {
      captureReferral('?source=abc&utm_term=x');
    } finally {
      spy.mockRestore();
    }
    expect(writes.find((w) => w.startsWith('mb_ref_source=abc'))).toContain(`max-age=${2880 * 60}`);
    expect(writes.find((w) => w.startsWith('mb_ref_utm_term=x'))).not.toContain('max-age');
    // Deletion sets the expiry to -1.
    expect(writes.filter((w) => w.includes('max-age=-1'))).toHaveLength(7);
  });
});

describe('public id', () => {
  beforeEach(clearCookies);

  it('?public_id= is stored in a cookie and used on later pages without it', () => {
    expect(capturePublicId('?public_id=pub-42')).toBe('pub-42');
    expect(document.cookie).toContain(`${PUBLIC_ID_COOKIE}=pub-42`);
    expect(capturePublicId('')).toBe('pub-42');
  });

  it('ignores a malformed public id', () => {
    expect(capturePublicId('?public_id=%3Cscript%3E')).toBeNull();
  });
});

describe('admin emulation messages', () => {
  it('accept only the exact configured origin', () => {
    expect(isAdminMessage({ origin: 'https://admin.example.com' }, 'https://admin.example.com')).toBe(true);
    expect(isAdminMessage({ origin: 'https://admin.example.com.evil.net' }, 'https://admin.example.com')).toBe(false);
    expect(isAdminMessage({ origin: 'http://admin.example.com' }, 'https://admin.example.com')).toBe(false);
    expect(isAdminMessage({ origin: 'https://admin.example.com' }, null)).toBe(false);
    expect(isAdminMessage({ origin: '' }, '')).toBe(false);
  });
});

describe('CMS queries', () => {
  it('never retry, refetch or go stale, are keyed by group and preview, and ask for 100 items', () => {
    const q = cmsQuery({ cmsRoute: '/api/cms', contentName: 'home', preview: true });
    expect(q.queryKey).toEqual(['cms', 'home', true]);
    expect(q).toMatchObject({
      retry: false,
      staleTime: Infinity,
      refetchOnMount: false,
      refetchOnReconnect: false,
      refetchOnWindowFocus: false,
    });
    expect(cmsUrl('/api/cms', 'home', true)).toBe('/api/cms/pages/home/?page_size=100&preview=1');
    expect(cmsUrl('/api/cms/', '*', false)).toBe('/api/cms/pages/*/?page_size=100');
  });

  it('logs a Not Found group as info and other failures as errors', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async (url: string) =>
      url.includes('popup')
        ? new Response('{}', { status: 404, statusText: 'Not Found' })
        : new Response('{}', { status: 500, statusText: 'Internal Server Error' }),
    );
    const popup = cmsQuery({ cmsRoute: '/api/cms', contentName: 'popup', preview: false });
    const sidebar = cmsQuery({ cmsRoute: '/api/cms', contentName: 'sidebar', preview: false });
    const call = (q: typeof popup) => (q.queryFn as () => Promise<unknown>)();
    await expect(call(popup)).rejects.toThrow('Not Found');
    await expect(call(sidebar)).rejects.toThrow('Internal Server Error');
    expect(info).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    info.mockRestore();
    error.mockRestore();
  });
});
