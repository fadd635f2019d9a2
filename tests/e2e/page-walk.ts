// Shared by the whole-site walk (every-page-a-visitor-can-reach-has-content-and-working-links.spec.ts) and others: each
// partner's main pages for a visitor, and signing in as each kind of member, direct or through the
// sso provider.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { PASSWORD, PROVIDERS_ORIGIN, signIn, url } from './frame-helpers.ts';

export const PARTNERS = ['skyline', 'harbor', 'greenleaf', 'metro', 'openplate'] as const;
export type PartnerId = (typeof PARTNERS)[number];

/** A merchant every partner lists (seeded for all). */
export const MERCHANT_ID = '10006';

interface PartnerFlags {
  enrollmentType: 'direct' | 'sso' | 'none';
  hasDiscoverPage: boolean;
}

/** The partner's switches as its files set them (partner.json over the base). */
export function flagsOf(partner: PartnerId): PartnerFlags {
  const read = (id: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, '../../partners', id, 'partner.json'), 'utf8')) as Partial<PartnerFlags>;
  const base = read('_base');
  const own = read(partner);
  return {
    enrollmentType: own.enrollmentType ?? base.enrollmentType ?? 'direct',
    hasDiscoverPage: own.hasDiscoverPage ?? base.hasDiscoverPage ?? false,
  };
}

/** Pages an anonymous visitor can open on this partner. */
export function anonymousPaths(partner: PartnerId): string[] {
  const { enrollmentType, hasDiscoverPage } = flagsOf(partner);
  return [
    '/',
    ...(hasDiscoverPage ? ['/discover'] : []),
    '/search',
    `/merchants/${MERCHANT_ID}`,
    '/how-it-works',
    '/earn',
    ...(enrollmentType === 'none' ? ['/join', '/login'] : []),
    ...(enrollmentType === 'direct' ? ['/login', '/join', '/recover'] : []),
    ...(enrollmentType === 'sso' ? ['/Login', '/join'] : []),
    '/not_found',
  ];
}

export const ACCOUNT_PATHS = ['/account/overview', '/account/recent_activity', '/account/manage_cards', '/account/user_profile'];

/** Signs `who` (card2, noncard, ...) in to a partner with enrolment, the way that partner signs in. */
export async function signInAs(page: Page, partner: PartnerId, who: 'card2' | 'noncard'): Promise<void> {
  const email = `${who}@${partner}.example`;
  if (flagsOf(partner).enrollmentType !== 'sso') {
    await signIn(page.request, partner, email);
    return;
  }
  await page.goto(url(partner, '/Login'));
  await page.getByRole('button', { name: /^Continue to / }).click();
  await expect(page).toHaveURL((u) => u.origin === PROVIDERS_ORIGIN && u.pathname === '/sso/authorize');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL((u) => u.origin === new URL(url(partner)).origin);
}
