import { describe, expect, it } from 'vitest';
import copy from '../../../../partners/_base/copy.json';
import { format, type Translate } from '../copy.tsx';
import { blockUnavailable, pageUnavailable, reasonText, whenUnavailable } from './availability.ts';
import { whenSummary } from './model.ts';

const t: Translate = (key, vars) => format(copy as Record<string, string>, key, vars);
const partner = (over: Partial<{ enrollmentType: string; homePage: 'home' | 'discover'; flags: Record<string, boolean> }> = {}) => ({
  id: 'p',
  name: 'P',
  programName: 'P',
  enrollmentType: 'direct',
  homePage: 'home' as const,
  flags: { hasDiscoverPage: true, openTableReservationsEnabled: false, hasVIP: true },
  routes: [],
  placeholders: {},
  ...over,
});

describe('what a partner cannot show', () => {
  it('names a page the partner does not have', () => {
    const reason = pageUnavailable('discover', partner({ flags: { hasDiscoverPage: false } }));
    expect(reason && reasonText(reason, t)).toBe('Hidden: this partner has no discover page');
    expect(pageUnavailable('discover', partner())).toBeNull();
    expect(pageUnavailable('home', partner({ homePage: 'discover' }))?.key).toBe('editor.hidden.homeIsDiscover');
  });

  it('names block types the enrolment type or a flag rules out', () => {
    expect(reasonText(blockUnavailable('sign-in-form', partner({ enrollmentType: 'none' }))!, t)).toBe(
      'Hidden: this partner has no sign-in or enrolment',
    );
    expect(reasonText(blockUnavailable('prospect-form', partner({ enrollmentType: 'sso' }))!, t)).toBe(
      "Hidden: this partner's members sign in through single sign-on",
    );
    expect(reasonText(blockUnavailable('merchant-reservation', partner())!, t)).toBe('Hidden: Table reservations is off for this partner');
    expect(blockUnavailable('merchant-carousel', partner({ enrollmentType: 'none' }))).toBeNull();
  });

  it("names an audience the partner's settings never match", () => {
    expect(reasonText(whenUnavailable({ flags: { hasVIP: false } }, partner())!, t)).toBe('Hidden: VIP level is on for this partner');
    expect(whenUnavailable({ flags: { hasVIP: true } }, partner())).toBeNull();
    expect(whenUnavailable({ enrollmentType: ['sso'] }, partner())?.key).toBe('editor.hidden.enrolmentType');
  });
});

describe('whenSummary', () => {
  it('says flags in plain words and the exception', () => {
    expect(whenSummary({ visitor: ['cardMember'], flags: { hasVIP: true }, not: { tier: [0] } }, t)).toBe(
      'Shown to card members when VIP level is on, except visitors at tier 0',
    );
  });
});
