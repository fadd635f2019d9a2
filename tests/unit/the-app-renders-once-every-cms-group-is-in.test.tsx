// @vitest-environment happy-dom
// The app shell's CMS loading (spec 000 §4): the inlined groups seed the queries; a group missing
// from the bootstrap is fetched (page_size=100, preview when drafts are shown); nothing renders
// until every group is in; a failed group is empty content, not a failed app.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Bootstrap } from '#shared/bootstrap.ts';
import type { CmsContent } from '#shared/cms.ts';
import { App, createQueryClient } from '#client/app/App.tsx';
import { cmsContent, cmsPage, fakeFetch, partnerBundle } from '#tests/utils/render.tsx';
import { resetCsrfForTests } from '#client/api/csrf.ts';

const LOADING = 'Do not refresh, loading more content.';

function bootstrapWithout(missing: string[], preview = false): Bootstrap {
  const cms = {
    ...cmsContent({
      home: [
        cmsPage('page-layout', {
          version: 1,
          title: 'Welcome home',
          blocks: { h: { type: 'page-heading', props: { title: 'Hello from the CMS' } } },
          order: ['h'],
        }),
      ],
    }),
  } as Record<string, unknown>;
  for (const name of missing) delete cms[name];
  return {
    partner: partnerBundle('metro'),
    cms: cms as unknown as CmsContent,
    preview,
    providersOrigin: 'http://localhost:3001',
    production: false,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetCsrfForTests();
  window.history.replaceState({}, '', '/');
});

describe('CMS loading in the app', () => {
  it('renders from the inlined groups without fetching any', async () => {
    const api = fakeFetch({
      'GET /api/Member': { status: 401, body: { message: 'Unauthorized' } },
      'GET /api/CSRF': { body: { csrfToken: 't' } },
    });
    vi.stubGlobal('fetch', api.fetch);
    render(<App bootstrap={bootstrapWithout([])} queryClient={createQueryClient()} />);
    expect(await screen.findByRole('heading', { name: 'Hello from the CMS' })).toBeTruthy();
    expect(api.calls.filter((c) => c.url.includes('/api/cms/'))).toEqual([]);
  });

  it('fetches a group the bootstrap lacks and shows nothing but the spinner until it arrives', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const api = fakeFetch({
      'GET /api/Member': { status: 401, body: { message: 'Unauthorized' } },
      'GET /api/CSRF': { body: { csrfToken: 't' } },
      'GET /api/cms/pages/popup/': { body: { meta: { count: 0, previous_page: null, next_page: null }, data: [] } },
    });
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (String(input).includes('/api/cms/pages/popup/')) {
        asked.push(String(input));
        await gate;
      }
      return api.fetch(input, init);
    });
    render(<App bootstrap={bootstrapWithout(['popup'], true)} queryClient={createQueryClient()} />);
    await waitFor(() => expect(asked).toEqual(['/api/cms/pages/popup/?page_size=100&preview=1']));
    expect(screen.getByText(LOADING)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Hello from the CMS' })).toBeNull();
    release();
    expect(await screen.findByRole('heading', { name: 'Hello from the CMS' })).toBeTruthy();
  });

  it('a failed group becomes empty content (logged), and the app still renders, without retrying', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = fakeFetch({
      'GET /api/Member': { status: 401, body: { message: 'Unauthorized' } },
      'GET /api/CSRF': { body: { csrfToken: 't' } },
      'GET /api/cms/pages/sidebar/': { status: 500 },
    });
    vi.stubGlobal('fetch', api.fetch);
    render(<App bootstrap={bootstrapWithout(['sidebar'])} queryClient={createQueryClient()} />);
    expect(await screen.findByRole('heading', { name: 'Hello from the CMS' })).toBeTruthy();
    expect(api.calls.filter((c) => c.url.includes('/api/cms/pages/sidebar/'))).toHaveLength(1);
    expect(error.mock.calls.some((args) => String(args[0]).includes('CMS group "sidebar" failed'))).toBe(true);
  });
});
