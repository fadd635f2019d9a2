// The pages of the partner's site a link may point at, named as members know them ("Home (/)",
// "Restaurant search (/search)"). Only pages someone would link to: not the steps of a flow a form
// leads to (a recovered password, an activated card), not Not Found or the staging tools. A page
// the partner does not have (its route table lacks it: no sign-in without enrolment) is not offered.
import { matchRoute } from '#shared/routes.ts';
import type { Translate } from '../copy.tsx';
import { pageName } from '../groups.ts';

/** Path and the copy key of its name (editor.sitePage.*); `/` and /discover are named as pages are elsewhere. */
const LINKABLE: ReadonlyArray<readonly [path: string, key: string]> = [
  ['/search', 'search'],
  ['/earn', 'earn'],
  ['/how-it-works', 'howItWorks'],
  ['/join', 'join'],
  ['/login', 'login'],
  ['/add_card', 'addCard'],
  ['/activate', 'activate'],
  ['/account/overview', 'accountOverview'],
  ['/account/recent_activity', 'accountRecentActivity'],
  ['/account/manage_cards', 'accountManageCards'],
  ['/account/user_profile', 'accountUserProfile'],
  ['/surveys', 'surveys'],
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
];

export interface SitePage {
  path: string;
  name: string;
}

export function sitePages(
  partner: {
    homePage: 'home' | 'discover';
    flags: Record<string, boolean>;
    routes: ReadonlyArray<{ path: string; caseSensitive?: boolean }>;
  },
  t: Translate,
): SitePage[] {
  const pages: SitePage[] = [{ path: '/', name: t('editor.page.home') }];
  // /discover is a page of its own only when `/` shows the other layout.
  if (partner.homePage === 'home' && matchRoute('/discover', partner.routes)) {
    pages.push({ path: '/discover', name: pageName('discover', partner, t).name });
  }
  for (const [path, key] of LINKABLE) {
    if (matchRoute(path, partner.routes)) pages.push({ path, name: t('editor.page.at', { name: t(`editor.sitePage.${key}`), path }) });
  }
  return pages;
}
