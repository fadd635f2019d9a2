// The account centre's tabs and sign-in route (spec 001 §2): pure data, unit-tested.
import type { PartnerConfig } from '#shared/generated/types.ts';

export interface AccountTab {
  path: string;
  copyKey: string;
  fallback: string;
}

/** Spec 001 §2: "Account Overview, Reviews & History, Linked Cards, Profile", in this order. */
export const ACCOUNT_TABS: readonly AccountTab[] = [
  { path: '/account/overview', copyKey: 'frame.account.overview', fallback: 'Account Overview' },
  { path: '/account/recent_activity', copyKey: 'frame.account.activity', fallback: 'Reviews & History' },
  { path: '/account/manage_cards', copyKey: 'frame.account.cards', fallback: 'Linked Cards' },
  { path: '/account/user_profile', copyKey: 'frame.account.profile', fallback: 'Profile' },
];

/** Where an anonymous visitor signs in: sso partners use the /Login variant (spec 000 §2). */
export function accountSignInPath(enrollmentType: PartnerConfig['enrollmentType']): string {
  return enrollmentType === 'sso' ? '/Login' : '/login';
}

/** Query keys of every account call start with this, so one listener can spot their 401s. */
export const ACCOUNT_QUERY_ROOT = 'account';
