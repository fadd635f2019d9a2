// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memberFixture, merchantFixture, renderWithApp } from '#tests/utils/render.tsx';
import { MerchantCard } from './MerchantCard.tsx';
import { requiredTierOf } from './offers.ts';

afterEach(cleanup);

describe('MerchantCard', () => {
  it('links the whole card to the merchant and shows its facts accessibly', () => {
    const merchant = merchantFixture({
      id: 'abc',
      name: 'Luna Trattoria',
      details: { rating: { overallRating: 4.5, numberOfRatings: 120 }, priceRange: 3, cuisines: ['Italian', 'Pizza'], highlight: 'new' },
      location: { address: { city: 'New York' }, neighborhood: 'Midtown', latitude: 40.7, longitude: -73.9 },
      distance: 1.24,
    });
    renderWithApp(<MerchantCard merchant={merchant} />);
    expect(screen.getByRole('link', { name: 'Luna Trattoria' }).getAttribute('href')).toBe('/merchants/abc');
    expect(screen.getByRole('img', { name: 'Luna Trattoria' }).getAttribute('src')).toBe('/media/merchants/abc/promo.svg');
    expect(screen.getByText('4.5 out of 5, 120 ratings')).toBeTruthy();
    expect(screen.getByText('Price: 3 out of 4')).toBeTruthy();
    expect(screen.getByText('Italian/Pizza')).toBeTruthy();
    expect(screen.getByText('New York (Midtown)')).toBeTruthy();
    expect(screen.getByText('1.2 mi')).toBeTruthy();
    expect(screen.getByText('New')).toBeTruthy();
  });

  it('leaves the neighbourhood out when it repeats the city', () => {
    const merchant = merchantFixture({ location: { address: { city: 'Brooklyn' }, neighborhood: 'brooklyn', latitude: 0, longitude: 0 } });
    renderWithApp(<MerchantCard merchant={merchant} />);
    expect(screen.getByText('Brooklyn')).toBeTruthy();
    expect(screen.queryByText(/\(brooklyn\)/i)).toBeNull();
  });

  it('asks anonymous visitors of a direct partner to sign in at /login', () => {
    renderWithApp(<MerchantCard merchant={merchantFixture()} />, { partner: 'skyline' });
    expect(screen.getByRole('link', { name: 'Sign in to see offers' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByText(/^Earn /)).toBeNull();
  });

  it('sends anonymous visitors of an sso partner to /Login', () => {
    renderWithApp(<MerchantCard merchant={merchantFixture()} />, { partner: 'harbor' });
    expect(screen.getByRole('link', { name: 'Sign in to see offers' }).getAttribute('href')).toBe('/Login');
  });

  it('shows neither offers nor a sign-in prompt when the partner has no enrolment', () => {
    const merchant = merchantFixture({
      benefitAvailability: { campaignCodes: ['BASE'], bonusText: 'Double {currency} this week', offerTag: 'Limited' },
    });
    renderWithApp(<MerchantCard merchant={merchant} />, { partner: 'openplate' });
    expect(screen.queryByText('Sign in to see offers')).toBeNull();
    expect(screen.queryByText(/Double/)).toBeNull();
    expect(screen.queryByText('Limited')).toBeNull();
  });

  it.each([
    [0, 'Earn 1 mile per $2'],
    [1, 'Earn 1 mile per $2'],
    [2, 'Earn 3 miles per $1'],
    [3, 'Earn 5 miles per $1'],
  ])('shows a tier %i member the earn rate "%s"', (tierLevel, text) => {
    renderWithApp(<MerchantCard merchant={merchantFixture()} />, { partner: 'skyline', member: memberFixture({ tierLevel }) });
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByText('Sign in to see offers')).toBeNull();
  });

  it("uses the partner's earn-rate wording", () => {
    renderWithApp(<MerchantCard merchant={merchantFixture()} />, { partner: 'greenleaf', member: memberFixture({ tierLevel: 2 }) });
    expect(screen.getByText('Earn 5% cash back')).toBeTruthy();
  });

  it('earns at the highest level the partner has: no VIP programme, no tier-3 rate', () => {
    renderWithApp(<MerchantCard merchant={merchantFixture()} />, { partner: 'greenleaf', member: memberFixture({ tierLevel: 3 }) });
    expect(screen.getByText('Earn 5% cash back')).toBeTruthy();
    expect(screen.queryByText('Earn 10% cash back')).toBeNull();
  });

  it('hides the earn rate when the partner does not show it, keeping the bonus line', () => {
    const merchant = merchantFixture({
      benefitAvailability: { campaignCodes: ['BASE'], bonusText: 'Double {currency} this week', offerTag: 'Limited' },
    });
    renderWithApp(<MerchantCard merchant={merchant} />, { partner: 'skyline', config: { showEarnRate: false }, member: memberFixture() });
    expect(screen.queryByText(/^Earn /)).toBeNull();
    expect(screen.getByText('Double miles this week')).toBeTruthy();
    expect(screen.getByText('Limited')).toBeTruthy();
  });

  it('shows the acclaimed badge only where the partner enables it', () => {
    const merchant = merchantFixture({ acclaimedLevel: 1 });
    renderWithApp(<MerchantCard merchant={merchant} />, { partner: 'skyline' });
    expect(screen.getByText('Acclaimed')).toBeTruthy();
    cleanup();
    renderWithApp(<MerchantCard merchant={merchant} />, { partner: 'harbor' });
    expect(screen.queryByText('Acclaimed')).toBeNull();
  });

  it('opens an accessible tier-2 dialog from "Unlock access to earn" for a member below tier 2', async () => {
    const user = userEvent.setup();
    const merchant = merchantFixture({ benefitAvailability: { campaignCodes: ['TIER2_SELECT'] } });
    renderWithApp(<MerchantCard merchant={merchant} />, { partner: 'skyline', member: memberFixture({ tierLevel: 0 }) });
    expect(screen.queryByText(/^Earn /)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unlock access to earn' }));
    // The dialog's code loads on this first opening.
    const dialog = await screen.findByRole('dialog', { name: 'Become a Select Member' });
    expect(within(dialog).getByText(/Opt in to emails from Skyline SkyDining/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Opt in to emails' }).getAttribute('href')).toBe('/account/user_profile');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers tier 3 to a tier-2 member at a VIP-only location, and nothing to a VIP', async () => {
    const user = userEvent.setup();
    const merchant = merchantFixture({ benefitAvailability: { campaignCodes: ['TIER3_VIP'] } });
    renderWithApp(<MerchantCard merchant={merchant} />, { partner: 'skyline', member: memberFixture({ tierLevel: 2 }) });
    await user.click(screen.getByRole('button', { name: 'Unlock access to earn' }));
    expect(await screen.findByRole('dialog', { name: 'Unlock VIP access' })).toBeTruthy();
    cleanup();
    renderWithApp(<MerchantCard merchant={merchant} />, { partner: 'skyline', member: memberFixture({ tierLevel: 3 }) });
    expect(screen.queryByRole('button', { name: 'Unlock access to earn' })).toBeNull();
    expect(screen.getByText('Earn 5 miles per $1')).toBeTruthy();
  });
});

describe('requiredTierOf', () => {
  it('reads gated campaign codes and ignores ordinary ones', () => {
    expect(requiredTierOf(['BASE', 'DINE2X'])).toBeNull();
    expect(requiredTierOf(['tier3-vip'])).toBe(3);
    expect(requiredTierOf(['VIP_ONLY', 'SELECT_MEMBERS'])).toBe(2);
    expect(requiredTierOf(['VIPBONUS'])).toBe(3);
    // An open campaign keeps the location open to everyone.
    expect(requiredTierOf(['DINE2026', 'VIPBONUS'])).toBeNull();
    expect(requiredTierOf([])).toBeNull();
  });
});
