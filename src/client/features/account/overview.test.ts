// The overview's rules: formatting, VIP progress, the 35-minute memory, special bonuses, banners.
import { describe, expect, it } from 'vitest';
import type { Bonus, CmsPage, DiningProgress, Member, PartnerConfig } from '#shared/generated/types.ts';
import {
  BONUS_MEMORY_MS,
  bonusBanners,
  formatRewards,
  liveMemory,
  referralLink,
  rememberActivation,
  specialBonuses,
  targetYear,
  vipThroughYear,
  visitMeter,
} from './overview.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
/** A tier-2 card member's CMS user states. */
const MEMBER = ['card_member', 'tier_2'];
const DAY = 24 * 60 * 60 * 1000;

const progress = (status: DiningProgress['status'], remainingDines = 3): DiningProgress => ({
  status,
  remainingDines,
  dinesRequired: 11,
  remainingDollars: 652.65,
  dollarsRequired: 2500,
  ytdMilesOrDollars: 1234,
});

const bonus = (code: string, bonusStatus: Bonus['bonusStatus'], daysAgo: number): Bonus => ({
  code,
  bonusStatus,
  createDateUtc: new Date(NOW.getTime() - daysAgo * DAY).toISOString(),
  description: `${code} description`,
  isNewMemberBonus: false,
  memberIsEligibleForNMB: false,
});

const banner = (slug: string, fields: Record<string, unknown>): CmsPage =>
  ({ slug, fields: { category: 'bonus', user_states: ['card_member'], banner_text: [], ...fields } }) as unknown as CmsPage;

describe('account overview rules', () => {
  it('shows dollars with two decimals for Dollar and Credit partners, a plain number otherwise', () => {
    expect(formatRewards('Dollar', 16.5)).toBe('$16.50');
    expect(formatRewards('Credit', 1234)).toBe('$1,234.00');
    expect(formatRewards('Mile', 12345)).toBe('12,345');
    expect(formatRewards('Point', 12.4)).toBe('12');
  });

  it('fills the visit meter with the dines done, and aims Renewing and Complete at next year', () => {
    expect(visitMeter(progress('Building', 3))).toEqual({ filled: 8, max: 11 });
    expect(visitMeter(progress('Building', 11))).toEqual({ filled: 0, max: 11 });
    // No dines required on record: the default meter, 0 to 11.
    expect(visitMeter({ ...progress('Building', 0), dinesRequired: 0 })).toEqual({ filled: 11, max: 11 });
    expect(visitMeter(progress('Building', 20))).toEqual({ filled: 0, max: 11 });
    expect(targetYear(progress('Building'), NOW)).toBe(2026);
    expect(targetYear(progress('QualifiedAndBuilding'), NOW)).toBe(2027);
    expect(targetYear(progress('Qualified'), NOW)).toBe(2027);
    expect(vipThroughYear(progress('Qualified'), NOW)).toBe(2027);
    expect(vipThroughYear(progress('QualifiedAndBuilding'), NOW)).toBe(2026);
  });

  it('builds the join link with campaign parameters and the public id as referrer', () => {
    const link = new URL(referralLink('http://skyline.localhost:3000', 'skyline-card-2'));
    expect(link.pathname).toBe('/join');
    expect(link.searchParams.get('referrer')).toBe('skyline-card-2');
    expect(link.searchParams.get('utm_campaign')).toBeTruthy();
    expect(link.searchParams.get('utm_source')).toBeTruthy();
  });

  it('remembers activations for 35 minutes only', () => {
    const now = NOW.getTime();
    const raw = JSON.stringify({ me: { fresh: now - 60_000, old: now - BONUS_MEMORY_MS - 1, bad: 'x' } });
    expect(liveMemory(raw, 'me', now)).toEqual({ fresh: now - 60_000 });
    expect(liveMemory(raw, 'me', now + BONUS_MEMORY_MS)).toEqual({});
    expect(liveMemory('not json', 'me', now)).toEqual({});
    expect(liveMemory('[1]', 'me', now)).toEqual({});
  });

  it('keeps each member’s activations apart, so another member on the same browser is not affected', () => {
    const now = NOW.getTime();
    let stored = rememberActivation(null, 'skyline-card-2', 'dine-3-times', now - 1000);
    stored = rememberActivation(stored, 'skyline-renewing', 'app-order', now);
    expect(liveMemory(stored, 'skyline-card-2', now)).toEqual({ 'dine-3-times': now - 1000 });
    expect(liveMemory(stored, 'skyline-renewing', now)).toEqual({ 'app-order': now });
    expect(liveMemory(stored, 'skyline-vip', now)).toEqual({});
    // Expired entries of anyone are dropped when something new is remembered.
    const later = rememberActivation(stored, 'skyline-vip', 'dine-3-times', now + BONUS_MEMORY_MS);
    expect(JSON.parse(later)).toEqual({ 'skyline-vip': { 'dine-3-times': now + BONUS_MEMORY_MS } });
    // The old shape (code -> time, not per member) is read as nothing.
    expect(liveMemory(JSON.stringify({ 'dine-3-times': now }), 'skyline-card-2', now)).toEqual({});
  });

  it('splits banners into Available and Activated, in order, within days_to_display', () => {
    const entries = [
      banner('a', { order: 2, days_to_display: 30 }),
      banner('b', { order: 1 }),
      banner('c', { order: 3, days_to_display: 30 }),
      banner('app', { order: 0, app_only_bonus: true }),
    ];
    const bonuses = [bonus('a', 'Eligible', 2), bonus('b', 'Eligible', 400), bonus('c', 'Eligible', 60), bonus('app', 'Eligible', 1)];
    const view = bonusBanners([...bonuses, bonus('d', 'Enrolled', 5), bonus('e', 'Qualified', 5)], entries, {}, NOW, MEMBER);
    expect(view.available.map((b) => b.bonus.code)).toEqual(['app', 'b', 'a']);
    expect(view.available[0]?.appOnly).toBe(true);
    expect(view.activated.map((b) => b.bonus.code)).toEqual(['d', 'e']);
    // A remembered activation shows as Activated although the server still says Eligible.
    const remembered = bonusBanners(bonuses, entries, { a: NOW.getTime() }, NOW, MEMBER);
    expect(remembered.activated.map((b) => b.bonus.code)).toEqual(['a']);
  });

  it('shows a bonus only when its banner’s user_states name one of the member’s states', () => {
    const entries = [banner('all', { order: 1 }), banner('vip', { order: 2, user_states: ['tier_3'] })];
    const bonuses = [bonus('all', 'Eligible', 1), bonus('vip', 'Eligible', 1), bonus('no-banner', 'Eligible', 1)];
    expect(bonusBanners(bonuses, entries, {}, NOW, MEMBER).available.map((b) => b.bonus.code)).toEqual(['all', 'no-banner']);
    expect(bonusBanners(bonuses, entries, {}, NOW, ['card_member', 'tier_3']).available.map((b) => b.bonus.code)).toEqual([
      'all',
      'vip',
      'no-banner',
    ]);
  });

  it('adds the special bonus always, or for the source within 90 days of joining', () => {
    const member = { publicId: 'x', joinDate: new Date(NOW.getTime() - 10 * DAY).toISOString(), enrollmentSource: 'sso' } as Member;
    const always = { specialBonus: { code: 'app-welcome' } } as PartnerConfig;
    expect(specialBonuses(member, always, NOW).map((b) => b.code)).toEqual(['app-welcome']);
    const bySource = { specialBonus: { code: 'guest', enrollmentSource: 'sso' } } as PartnerConfig;
    expect(specialBonuses(member, bySource, NOW)).toHaveLength(1);
    expect(specialBonuses({ ...member, enrollmentSource: 'web' }, bySource, NOW)).toHaveLength(0);
    const late = { ...member, joinDate: new Date(NOW.getTime() - 91 * DAY).toISOString() };
    expect(specialBonuses(late, bySource, NOW)).toHaveLength(0);
    expect(specialBonuses(member, { specialBonus: null } as PartnerConfig, NOW)).toHaveLength(0);
  });
});
