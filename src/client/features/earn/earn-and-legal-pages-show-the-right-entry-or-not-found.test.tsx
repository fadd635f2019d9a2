// @vitest-environment happy-dom
// The earn, explanation and legal pages as a visitor sees them: CMS entries with the partner's
// placeholders, the right entry for the route's slug, Not Found for missing content, and wording
// that follows the partner's currency and enrolment.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { blockValidator, whenBlockCodeLoaded } from '#registry/index.ts';
import { cmsPage, memberFixture, renderWithApp, type RenderOptions } from '#tests/utils/render.tsx';
import { EarnDetail } from './EarnDetail.tsx';
import { EarnOverview } from './EarnOverview.tsx';
import { HowItWorksGuide } from './HowItWorksGuide.tsx';
import { LegalPage } from './LegalPage.tsx';

afterEach(cleanup);

const vip = cmsPage('vip-upgrade', {
  url: 'vip-upgrade',
  browser_title: 'VIP status',
  banner_text: 'Dine 11 times and go VIP with {programName}',
  main_column: '<h2>Become a VIP</h2><p>Earn {currency} faster at {programName}.</p>',
  side_column: '<h3>Track it</h3><p><a href="/search">Find restaurants</a></p>',
  disclaimer: 'Only visits that earn count.',
});
const reservations = cmsPage('reservations', {
  url: '/earn/reservations',
  browser_title: 'Reservation terms',
  banner_text: 'Book and earn',
});
const earnDetails = [vip, reservations, cmsPage('broken', { url: 42 })];
const globalEarn = cmsPage('earn', { banner_text: ['Earn {currency} every time you dine.', 'No codes to show.'] });

function renderDetail(slug: string, options: RenderOptions = {}) {
  return renderWithApp(
    <Routes>
      <Route path="/earn/:slug" element={<EarnDetail />} />
    </Routes>,
    { route: `/earn/${slug}`, cms: { earn_details: earnDetails }, ...options },
  );
}

describe('/earn (earn-overview block)', () => {
  it('leads with the global earn banner text and links every earn_details entry to its page', () => {
    renderWithApp(<EarnOverview />, { cms: { '*': [globalEarn], earn_details: earnDetails } });
    expect(screen.getByRole('heading', { level: 1, name: 'Ways to earn miles' })).toBeTruthy();
    expect(screen.getByText('Earn miles every time you dine.')).toBeTruthy();
    const offers = screen.getByRole('region', { name: 'Offers and bonuses' });
    expect(within(offers).getByRole('link', { name: 'VIP status' }).getAttribute('href')).toBe('/earn/vip-upgrade');
    // A url written as a full path still leads under /earn; an entry that fails its schema is left out.
    expect(within(offers).getByRole('link', { name: 'Reservation terms' }).getAttribute('href')).toBe('/earn/reservations');
    expect(within(offers).getAllByRole('listitem')).toHaveLength(2);
    expect(within(offers).getByText('Dine 11 times and go VIP with Skyline SkyDining')).toBeTruthy();
  });

  it('invites anonymous visitors to join; members and partners without enrolment are not asked', () => {
    renderWithApp(<EarnOverview />, { cms: { earn_details: earnDetails } });
    expect(screen.getByRole('link', { name: 'Join Skyline SkyDining' }).getAttribute('href')).toBe('/join');
    cleanup();
    renderWithApp(<EarnOverview />, { cms: { earn_details: earnDetails }, member: memberFixture() });
    expect(screen.queryByRole('link', { name: /^Join/ })).toBeNull();
    cleanup();
    renderWithApp(<EarnOverview />, { partner: 'openplate', cms: { earn_details: earnDetails } });
    expect(screen.queryByRole('link', { name: /^Join/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Find restaurants' }).getAttribute('href')).toBe('/search');
  });
});

describe('/earn/{slug} (earn-detail block)', () => {
  it("shows the slug's entry: banner text as the heading, both columns, the disclaimer and its browser title", async () => {
    renderDetail('vip-upgrade');
    expect(screen.getByRole('heading', { level: 1, name: 'Dine 11 times and go VIP with Skyline SkyDining' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Become a VIP' })).toBeTruthy();
    expect(screen.getByText('Earn miles faster at Skyline SkyDining.')).toBeTruthy();
    const aside = screen.getByRole('complementary', { name: 'Good to know' });
    expect(within(aside).getByRole('link', { name: 'Find restaurants' }).getAttribute('href')).toBe('/search');
    const terms = screen.getByRole('region', { name: 'Terms and conditions' });
    expect(within(terms).getByText('Only visits that earn count.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All ways to earn' }).getAttribute('href')).toBe('/earn');
    await waitFor(() => expect(document.title).toBe('VIP status | Skyline SkyDining'));
  });

  it('escapes placeholder values inside CMS HTML (a programme name is text, never markup)', () => {
    renderDetail('vip-upgrade', { config: { programName: 'Dine <img src=x onerror=alert(1)>' } });
    expect(document.querySelector('main img, img[src="x"]')).toBeNull();
    expect(screen.getByText('Earn miles faster at Dine <img src=x onerror=alert(1)>.')).toBeTruthy();
  });

  it('an unknown slug is the Not Found page, titled so', async () => {
    renderDetail('no-such-offer');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page Not Found | Skyline SkyDining'));
  });
});

describe('/terms and /privacy (cms-page block)', () => {
  const terms = cmsPage('terms', {
    title: 'Terms & Conditions',
    intro: 'The rules of {programName}.',
    updated: '2026-01-15',
    body: '<h2>1. The program</h2><p>{programName} is offered by {partnerName}.</p>',
  });
  const privacy = cmsPage('privacy', { title: 'Privacy Policy', body: '<p>We keep little.</p>' });

  it('shows the legal entry with its last revision date and links to the other legal page', () => {
    renderWithApp(<LegalPage slug="terms" />, { cms: { legal: [terms, privacy] } });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeTruthy();
    expect(screen.getByText('The rules of Skyline SkyDining.')).toBeTruthy();
    expect(screen.getByText('January 15, 2026').getAttribute('datetime')).toBe('2026-01-15');
    expect(screen.getByRole('heading', { level: 2, name: '1. The program' })).toBeTruthy();
    expect(screen.getByText('Skyline SkyDining is offered by Skyline Airways.')).toBeTruthy();
    const related = screen.getByRole('complementary', { name: 'Related' });
    expect(within(related).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  it('a legal page the CMS lacks is Not Found', () => {
    renderWithApp(<LegalPage slug="privacy" />, { cms: { legal: [terms] } });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });

  it('the block needs the entry slug', async () => {
    await whenBlockCodeLoaded(['cms-page', 'earn-overview']);
    expect(blockValidator('cms-page')({ slug: 'terms' })).toBe(true);
    expect(blockValidator('cms-page')({})).toBe(false);
    expect(blockValidator('cms-page')({ slug: '../x' })).toBe(false);
    expect(blockValidator('earn-overview')({ extra: 1 })).toBe(false);
  });
});

describe('/how-it-works (how-it-works-guide block)', () => {
  it('an airline partner: miles wording, a join step first, three earning levels with VIP', () => {
    renderWithApp(<HowItWorksGuide />);
    expect(screen.getByRole('heading', { level: 1, name: 'How Skyline SkyDining works' })).toBeTruthy();
    expect(screen.getByText(/Turn dinners into trips/)).toBeTruthy();
    const steps = screen.getByRole('region', { name: 'From first visit to miles' });
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Join and link a card', 'Find a restaurant', 'Dine and pay', 'Earn miles']);
    const levels = screen.getByRole('region', { name: 'How much you earn' });
    expect(within(levels).getByText('Earn 1 mile per $2')).toBeTruthy();
    expect(within(levels).getByRole('heading', { name: 'VIP' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Join Skyline SkyDining' })[0]!.getAttribute('href')).toBe('/join');
  });

  it('cash back and statement credits get their own answers', () => {
    renderWithApp(<HowItWorksGuide />, { partner: 'greenleaf' });
    expect(screen.getByText('When does my cash back arrive?')).toBeTruthy();
    expect(screen.getByText(/Get money back when you eat out/)).toBeTruthy();
    cleanup();
    renderWithApp(<HowItWorksGuide />, { partner: 'metro' });
    expect(screen.getByText('When do my statement credits appear?')).toBeTruthy();
    expect(screen.getByText(/appear on the statement of the card you paid with/)).toBeTruthy();
  });

  it('a partner without enrolment: no joining, no card or level talk; members are not asked to join', () => {
    renderWithApp(<HowItWorksGuide />, { partner: 'openplate' });
    expect(screen.queryByText('Join and link a card')).toBeNull();
    expect(screen.queryByRole('region', { name: 'How much you earn' })).toBeNull();
    expect(screen.queryByText('Which cards can I link?')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Join/ })).toBeNull();
    cleanup();
    renderWithApp(<HowItWorksGuide />, { member: memberFixture() });
    expect(screen.queryByRole('link', { name: /^Join/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Find restaurants' }).length).toBeGreaterThan(0);
  });
});
