// What this partner's settings keep members from seeing, with the reason in words: a whole page
// (no discover page), a block type (a sign-in form on a partner without enrolment, reservations
// switched off), or one block's audience (`when.flags` / `when.enrollmentType` this partner never
// matches). The palette and the outline mark such blocks; they can still be added and edited.
import type { BlockCondition } from '#shared/generated/types.ts';
import type { EditorBootstrap } from '#shared/editor-bootstrap.ts';
import type { CmsContentName } from '#shared/cms.ts';
import type { Translate } from '../copy.tsx';

export type Partner = EditorBootstrap['partner'];

/** A reason as a copy key and its values. */
export interface Reason {
  key: string;
  vars?: Record<string, string>;
}

/**
 * What each block type needs of the partner, from where the member app decides it:
 * - enrolment: the block's only pages are routes gated on enrolment (src/shared/routes.ts), or the
 *   block shows a member's own account;
 * - direct: credential recovery routes are direct-enrolment only, and the prospect form shows only
 *   under direct enrolment (ProspectForm);
 * - a flag: the reservation widget renders nothing without openTableReservationsEnabled.
 */
const NEEDS: Readonly<Record<string, { enrollment?: 'any' | 'direct'; flag?: string }>> = {
  'sign-in-form': { enrollment: 'any' },
  'join-form': { enrollment: 'any' },
  'add-card-form': { enrollment: 'any' },
  'card-added': { enrollment: 'any' },
  activation: { enrollment: 'any' },
  'reenroll-form': { enrollment: 'any' },
  'account-overview': { enrollment: 'any' },
  'account-activity': { enrollment: 'any' },
  'account-linked-cards': { enrollment: 'any' },
  'account-profile': { enrollment: 'any' },
  'prospect-form': { enrollment: 'direct' },
  'recover-request': { enrollment: 'direct' },
  'recover-confirm': { enrollment: 'direct' },
  'recover-update': { enrollment: 'direct' },
  'recover-success': { enrollment: 'direct' },
  'fix-credentials-form': { enrollment: 'direct' },
  'merchant-reservation': { flag: 'openTableReservationsEnabled' },
};

/** The layout group's page does not exist for this partner (or is not at any address). */
export function pageUnavailable(group: CmsContentName, partner: Partner): Reason | null {
  if (group === 'discover' && !partner.flags.hasDiscoverPage) return { key: 'editor.hidden.noDiscover' };
  if (group === 'home' && partner.homePage === 'discover') return { key: 'editor.hidden.homeIsDiscover' };
  return null;
}

export function blockUnavailable(type: string, partner: Partner): Reason | null {
  const needs = NEEDS[type];
  if (!needs) return null;
  if (needs.enrollment === 'any' && partner.enrollmentType === 'none') return { key: 'editor.hidden.noEnrolment' };
  if (needs.enrollment === 'direct' && partner.enrollmentType !== 'direct') {
    return { key: partner.enrollmentType === 'none' ? 'editor.hidden.noEnrolment' : 'editor.hidden.notDirect' };
  }
  if (needs.flag && partner.flags[needs.flag] !== true) return { key: 'editor.hidden.flagOff', vars: { flag: needs.flag } };
  return null;
}

/** The audience can never match this partner's settings. */
export function whenUnavailable(when: BlockCondition | undefined, partner: Partner): Reason | null {
  if (!when) return null;
  for (const [flag, wanted] of Object.entries(when.flags ?? {})) {
    if ((partner.flags[flag] ?? false) !== wanted)
      return { key: wanted ? 'editor.hidden.flagOff' : 'editor.hidden.flagOn', vars: { flag } };
  }
  if (when.enrollmentType && !when.enrollmentType.includes(partner.enrollmentType as 'direct' | 'sso' | 'none')) {
    return { key: 'editor.hidden.enrolmentType', vars: { type: partner.enrollmentType } };
  }
  return null;
}

/** A partner flag in plain words ("Table reservations"), or its name when the copy has none. */
export function flagName(flag: string, t: Translate): string {
  const key = `editor.flag.${flag}`;
  const text = t(key);
  return text === key ? flag : text;
}

export function reasonText(reason: Reason, t: Translate): string {
  const vars = { ...reason.vars };
  if (vars.flag) vars.flag = flagName(vars.flag, t);
  return t(reason.key, vars);
}
