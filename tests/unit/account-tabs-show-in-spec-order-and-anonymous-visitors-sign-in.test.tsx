// @vitest-environment happy-dom
// The account centre's frame (spec 001 §2, §6): the four tabs in the spec's order with the current
// one marked; anonymous visitors sent to sign in (the sso variant for sso partners); and an account
// call answering 401 doing the same.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { Bootstrap } from '#shared/bootstrap.ts';
import type { Member } from '#shared/generated/types.ts';
import { App, createQueryClient } from '#client/app/App.tsx';
import { cmsContent, fakeFetch, memberFixture, partnerBundle } from '#tests/utils/render.tsx';
import { resetCsrfForTests } from '#client/api/csrf.ts';
import { dineSummaryQuery } from '#client/features/account/index.ts';

const bootstrapFor = (partner: string): Bootstrap => ({
  partner: partnerBundle(partner),
  cms: cmsContent(),
  preview: false,
  providersOrigin: 'http://localhost:3001',
  production: false,
});

function start(path: string, partner: string, member: Member | null, extra: Parameters<typeof fakeFetch>[0] = {}) {
  window.history.replaceState(null, '', path);
  const api = fakeFetch({
    'GET /api/Member': member ? { body: member } : { status: 401, body: { message: 'Unauthorized' } },
    'GET /api/CSRF': { body: { csrfToken: 't' } },
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  const queryClient = createQueryClient();
  render(<App bootstrap={bootstrapFor(partner)} queryClient={queryClient} />);
  return { api, queryClient };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfForTests();
  localStorage.clear();
});

describe('the account frame', () => {
  it('shows the four tabs in the spec order as links, the current one marked', async () => {
    start('/account/manage_cards', 'skyline', memberFixture());
    const nav = await screen.findByRole('navigation', { name: 'Account centre' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Account Overview', 'Reviews & History', 'Linked Cards', 'Profile']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/account/overview',
      '/account/recent_activity',
      '/account/manage_cards',
      '/account/user_profile',
    ]);
    expect(links.map((l) => l.getAttribute('aria-current'))).toEqual([null, null, 'page', null]);
  });

  it('sends an anonymous visitor to /login, remembering the page', async () => {
    start('/account/recent_activity?page=2', 'skyline', null);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.history.state?.usr).toEqual({ from: '/account/recent_activity?page=2' });
    expect(screen.queryByRole('navigation', { name: 'Account centre' })).toBeNull();
  });

  it('sends an sso partner’s anonymous visitor to /Login and stores the way back for the provider round trip', async () => {
    start('/account/user_profile', 'harbor', null);
    await waitFor(() => expect(window.location.pathname).toBe('/Login'));
    expect(JSON.parse(localStorage.getItem('mb.loginRedirect') ?? '{}')).toMatchObject({ path: '/account/user_profile' });
  });

  it('an account call answering 401 sends the member to sign in and back', async () => {
    const { queryClient } = start('/account/overview', 'metro', memberFixture(), {
      'GET /api/Member/DineSummary': { status: 401, body: { message: 'Unauthorized' } },
    });
    await screen.findByRole('navigation', { name: 'Account centre' });
    await queryClient.fetchQuery(dineSummaryQuery).catch(() => undefined);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.history.state?.usr).toEqual({ from: '/account/overview' });
  });
});
