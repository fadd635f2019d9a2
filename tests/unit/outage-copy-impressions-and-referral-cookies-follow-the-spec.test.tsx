// @vitest-environment happy-dom
// Platform rules best checked without a browser: the outage page's three texts (spec 000
// §2), impression records and their failure handling (§3, §7, §8), service-worker registration
// failure (§7), referral cookie deletion (§4), error toasts that outlive a crowd of newer toasts
// (§8), and the standalone session flag on the very first events of a partner without members (§4, §7).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { OutagePage } from '#client/features/outage/OutagePage.tsx';
import { postImpressions } from '#client/features/tracking/api/impressions.ts';
import { resetCsrfForTests, startCsrf } from '#client/api/csrf.ts';
import { registerServiceWorker } from '#client/features/tracking/service-worker.ts';
import { captureReferral } from '#client/features/tracking/referral.ts';
import { App, createQueryClient } from '#client/app/App.tsx';
import { cmsContent, fakeFetch, partnerBundle, renderWithApp } from '#tests/utils/render.tsx';
import { ToastProvider, useToast, type ToastApi } from '#client/ui/toast/index.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetCsrfForTests();
  window.history.replaceState({}, '', '/');
});

describe('outage page', () => {
  const TEXT = {
    login: 'Our login process is having an issue. Our team is working on it. Please check back later.',
    join: 'Our enrollment process is having an issue. Our team is working on it. Please check back later.',
    general: 'One of our processes is having an issue. Our team is working on it. Please check back later.',
  } as const;

  for (const process of ['login', 'join', 'general'] as const) {
    it(`${process}: "We're Working On It", the ${process} text and a link home`, () => {
      renderWithApp(<OutagePage process={process} />, {
        partner: 'metro',
        config: { outage: { login: true, join: true, showHomeLink: true } },
      });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("We're Working On It");
      expect(screen.getByText(TEXT[process])).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    });
  }

  it('without showHomeLink there is no link home', () => {
    renderWithApp(<OutagePage process="login" />, {
      partner: 'metro',
      config: { outage: { login: true, join: false, showHomeLink: false } },
    });
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('impressions', () => {
  async function withToken(token = 'tok-1') {
    await startCsrf({ fetchToken: async () => token, storage: null });
  }

  it('posts channel web, an ISO time and the user agent with the caller fields (which cannot override them)', async () => {
    await withToken();
    const api = fakeFetch({ 'POST /api/Impressions': { status: 202, body: { accepted: 1 } } });
    vi.stubGlobal('fetch', api.fetch);
    await postImpressions([{ event: 'page_view', path: '/search', channel: 'app', userAgent: 'forged' }]);
    expect(api.calls).toHaveLength(1);
    const call = api.calls[0]!;
    expect(call.headers.get('X-XSRF-TOKEN')).toBe('tok-1');
    const [record] = call.body as Array<Record<string, unknown>>;
    expect(record).toMatchObject({ event: 'page_view', path: '/search', channel: 'web', userAgent: navigator.userAgent });
    expect(new Date(String(record!.dateTime)).toISOString()).toBe(record!.dateTime);
  });

  it('a failing post is swallowed: no rejection, nothing logged', async () => {
    await withToken();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('network down');
    });
    await expect(postImpressions([{ event: 'page_view' }])).resolves.toBeUndefined();
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/Impressions': { status: 500 } }).fetch);
    await expect(postImpressions([{ event: 'page_view' }])).resolves.toBeUndefined();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('service worker', () => {
  it('registers /worker.js at the root scope; a failed registration is only logged', async () => {
    const register = vi.fn(async () => {
      throw new Error('blocked');
    });
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(registerServiceWorker()).resolves.toBeUndefined();
    expect(register).toHaveBeenCalledWith('/worker.js', { scope: '/' });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('referral cookies', () => {
  it('earlier values are deleted by an expiry of -1 when a new set is saved', () => {
    const writes: string[] = [];
    // An own property on the document shadows the inherited cookie accessor for this test only.
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => '', set: (value: string) => writes.push(value) });
    try {
      captureReferral('?utm_source=mail');
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    const deletions = writes.filter((w) => w.startsWith('mb_ref_') && w.includes('=;'));
    expect(deletions).toHaveLength(7);
    for (const deletion of deletions) expect(deletion).toContain('max-age=-1');
    expect(writes.at(-1)).toMatch(/^mb_ref_utm_source=mail;/);
  });
});

describe('standalone session flag', () => {
  it('the first events of a partner without members (no member load to wait for) already say standalone', async () => {
    const original = window.matchMedia.bind(window);
    const installed = {
      matches: true,
      media: '(display-mode: standalone)',
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    };
    vi.stubGlobal('matchMedia', (query: string) => (query.includes('display-mode: standalone') ? installed : original(query)));
    const error = vi.spyOn(console, 'error');
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/CSRF': { body: { csrfToken: 't' } } }).fetch);
    window.dataLayer = [];
    window.history.replaceState({}, '', '/search');
    // Awaited: the search page waits for its blocks' chunk before it renders.
    await act(async () => {
      render(
        <App
          bootstrap={{
            partner: partnerBundle('openplate'),
            cms: cmsContent(),
            preview: false,
            providersOrigin: 'http://localhost:3001',
            production: false,
          }}
          queryClient={createQueryClient()}
        />,
      );
    });
    await screen.findByRole('main');
    expect(error).not.toHaveBeenCalled();
    expect(window.dataLayer.filter((e) => (e as { event?: string }).event === 'pwa_session')).toEqual([
      { event: 'pwa_session', publicId: 'anonymous', session: 'standalone' },
    ]);
  });
});

describe('toasts', () => {
  it('an error stays until closed even when many newer toasts arrive; older self-closing ones make way', () => {
    let api: ToastApi | null = null;
    function Capture() {
      api = useToast();
      return null;
    }
    render(
      <ToastProvider>
        <Capture />
      </ToastProvider>,
    );
    act(() => void api!.show({ kind: 'success', message: 'Saved 0.' }));
    act(() => void api!.show({ kind: 'error', message: 'Card could not be linked.' }));
    for (let i = 1; i <= 6; i++) act(() => void api!.show({ kind: 'success', message: `Saved ${i}.` }));
    expect(screen.getByRole('alert').textContent).toContain('ERROR: Card could not be linked.');
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Saved 4.', 'Saved 5.', 'Saved 6.']);
  });
});
