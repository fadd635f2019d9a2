import { describe, expect, it } from 'vitest';
import type { BlockCondition } from '#shared/generated/types.ts';
import { validateCondition } from '#shared/generated/validators.js';
import { evaluateCondition, userStatesOf, visitorKindOf, type Visitor } from '#shared/visitor.ts';
import { visitor } from './core-fixtures.ts';

function holds(when: BlockCondition | undefined, overrides: Partial<Visitor> = {}): boolean {
  // Every condition used here must be one an editor could save.
  if (when !== undefined) expect(validateCondition(when), JSON.stringify(validateCondition.errors)).toBe(true);
  return evaluateCondition(when, visitor(overrides));
}

describe('evaluateCondition', () => {
  it('shows a block with no condition or an empty one', () => {
    expect(holds(undefined)).toBe(true);
    expect(holds({})).toBe(true);
  });

  it('visitor: matches when the visitor kind is listed', () => {
    expect(holds({ visitor: ['anonymous', 'knownMember'] })).toBe(true);
    expect(holds({ visitor: ['cardMember'] })).toBe(false);
    expect(holds({ visitor: ['closedAccount'] }, { kind: 'closedAccount', tier: 0 })).toBe(true);
    expect(holds({ visitor: ['nonCardMember'] }, { kind: 'cardMember', tier: 2 })).toBe(false);
  });

  it('tier: matches listed tiers and never an anonymous visitor', () => {
    expect(holds({ tier: [2, 3] }, { kind: 'cardMember', tier: 3 })).toBe(true);
    expect(holds({ tier: [2, 3] }, { kind: 'cardMember', tier: 1 })).toBe(false);
    expect(holds({ tier: [0] }, { kind: 'cardMember', tier: 0 })).toBe(true);
    expect(holds({ tier: [0, 1, 2, 3] })).toBe(false);
  });

  it('enrollmentType: matches the partner enrolment type', () => {
    expect(holds({ enrollmentType: ['sso'] }, { enrollmentType: 'sso' })).toBe(true);
    expect(holds({ enrollmentType: ['direct', 'none'] }, { enrollmentType: 'sso' })).toBe(false);
  });

  it('flags: every listed flag must have the given value; unset flags count as false', () => {
    const flags = { hasVIP: true, hasFlexOffers: false };
    expect(holds({ flags: { hasVIP: true } }, { flags })).toBe(true);
    expect(holds({ flags: { hasVIP: false } }, { flags })).toBe(false);
    expect(holds({ flags: { hasVIP: true, hasFlexOffers: true } }, { flags })).toBe(false);
    expect(holds({ flags: { hasFlexOffers: false } }, { flags })).toBe(true);
    expect(holds({ flags: { hasPWAInstallBanner: false } }, { flags })).toBe(true);
    expect(holds({ flags: { hasPWAInstallBanner: true } }, { flags })).toBe(false);
  });

  it('flags: a flag named like an Object.prototype member is just an unset flag', () => {
    expect(holds({ flags: { constructor: false, toString: false } })).toBe(true);
    expect(holds({ flags: { constructor: true } })).toBe(false);
  });

  it('userStates: matches when the visitor has any listed CMS user state', () => {
    const member = { kind: 'cardMember', tier: 2 } as const;
    expect(holds({ userStates: ['card_member'] }, member)).toBe(true);
    expect(holds({ userStates: ['tier_3', 'tier_2'] }, member)).toBe(true);
    expect(holds({ userStates: ['anonymous', 'tier_1'] }, member)).toBe(false);
    expect(holds({ userStates: ['anonymous'] })).toBe(true);
    expect(holds({ userStates: ['tier_0'] })).toBe(false);
  });

  it('nativeApp and pwa: match the given boolean', () => {
    expect(holds({ nativeApp: true }, { nativeApp: true })).toBe(true);
    expect(holds({ nativeApp: true })).toBe(false);
    expect(holds({ nativeApp: false })).toBe(true);
    expect(holds({ pwa: true }, { pwa: true })).toBe(true);
    expect(holds({ pwa: false }, { pwa: true })).toBe(false);
  });

  it('from: shows from that moment on (inclusive)', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(holds({ from: '2026-06-15T12:00:00Z' }, { now })).toBe(true);
    expect(holds({ from: '2026-06-01' }, { now })).toBe(true);
    expect(holds({ from: '2026-06-15T12:00:01Z' }, { now })).toBe(false);
    expect(holds({ from: '2027-01-01' }, { now })).toBe(false);
  });

  it('until: shows before that moment (exclusive)', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(holds({ until: '2026-06-16' }, { now })).toBe(true);
    expect(holds({ until: '2026-06-15T12:00:00Z' }, { now })).toBe(false);
    expect(holds({ until: '2026-06-15T14:00:00+02:00' }, { now })).toBe(false);
    expect(holds({ until: '2026-06-15T14:00:01+02:00' }, { now })).toBe(true);
  });

  it('from + until: a date window', () => {
    const window = { from: '2026-06-01', until: '2026-07-01' };
    expect(holds(window, { now: new Date('2026-06-30T23:59:59Z') })).toBe(true);
    expect(holds(window, { now: new Date('2026-07-01T00:00:00Z') })).toBe(false);
    expect(holds(window, { now: new Date('2026-05-31T23:59:59Z') })).toBe(false);
  });

  it('not: inverts a nested condition', () => {
    expect(holds({ not: { visitor: ['anonymous'] } })).toBe(false);
    expect(holds({ not: { visitor: ['anonymous'] } }, { kind: 'cardMember', tier: 1 })).toBe(true);
    expect(holds({ not: { not: { pwa: false } } })).toBe(true);
    // not {} is never true: the empty condition always holds.
    expect(holds({ not: {} })).toBe(false);
  });

  it('combines every given field with AND', () => {
    const when: BlockCondition = {
      visitor: ['cardMember'],
      tier: [3],
      flags: { hasVIP: true },
      enrollmentType: ['direct'],
      not: { pwa: true },
    };
    const vip = { kind: 'cardMember', tier: 3, flags: { hasVIP: true } } as const;
    expect(holds(when, vip)).toBe(true);
    expect(holds(when, { ...vip, tier: 2 })).toBe(false);
    expect(holds(when, { ...vip, flags: {} })).toBe(false);
    expect(holds(when, { ...vip, enrollmentType: 'sso' })).toBe(false);
    expect(holds(when, { ...vip, pwa: true })).toBe(false);
    expect(holds(when, { ...vip, kind: 'nonCardMember' })).toBe(false);
  });

  it('an empty list matches nobody', () => {
    expect(holds({ visitor: [] })).toBe(false);
    expect(holds({ userStates: [] })).toBe(false);
  });
});

describe('visitor model', () => {
  it('derives the visitor kind from the member', () => {
    expect(visitorKindOf(null)).toBe('anonymous');
    expect(visitorKindOf(null, true)).toBe('knownMember');
    expect(visitorKindOf({ memberType: 'EnrolledCardMember', tierLevel: 2 })).toBe('cardMember');
    expect(visitorKindOf({ memberType: 'NonCardMember', tierLevel: 0 })).toBe('nonCardMember');
    expect(visitorKindOf({ memberType: 'ClosedAccountMember', tierLevel: 0 })).toBe('closedAccount');
  });

  it('gives CMS user states of kind and tier', () => {
    expect(userStatesOf({ kind: 'anonymous', tier: null })).toEqual(['anonymous']);
    expect(userStatesOf({ kind: 'cardMember', tier: 3 })).toEqual(['card_member', 'tier_3']);
    expect(userStatesOf({ kind: 'closedAccount', tier: 0 })).toEqual(['closed_account', 'tier_0']);
  });
});
