// The route table of spec 000 §2 and 001 §2 as plain data, and its gating by partner
// configuration. Pure (no React), so which routes a partner has is unit-tested on data alone;
// the client's app/routes.tsx turns the entries into router objects, and the server answers 404 for
// a page address no entry matches (matchRoute).
import type { PartnerConfig } from './generated/types.ts';

/**
 * What a route shows: a page layout by name (partner.pages, rendered through the page renderer),
 * the CMS-driven home or discover page, or one of the few screens that are code, not layout.
 */
export type RoutePage = { layout: string } | { cms: 'home' | 'discover' } | { special: 'notFound' | 'signOut' | 'accountRedirect' };

/**
 * Why a route may be absent:
 * - enrollment: enrolment type is not none (sign-in, join, activation, account centre);
 * - direct: direct enrolment only (credential recovery, fix credentials);
 * - discover: the partner has a discover page;
 * - staging: not in production.
 */
export type RouteGate = 'enrollment' | 'direct' | 'discover' | 'staging';

export interface RouteEntry {
  /** react-router path pattern. */
  path: string;
  page: RoutePage;
  gates?: readonly RouteGate[];
  /** An outage flag in partner.config.outage replaces the page with the maintenance page. */
  outage?: 'login' | 'join';
  /** /login and /Login are different routes (the router matches case-insensitively otherwise). */
  caseSensitive?: boolean;
  /** The page sits in the account centre's frame (tabs; members only). */
  frame?: 'account';
}

export type GateConfig = Pick<PartnerConfig, 'enrollmentType' | 'hasDiscoverPage' | 'homePage'> & {
  specialPaths?: readonly string[];
};

export interface GateEnv {
  production: boolean;
}

const layout = (name: string) => ({ layout: name }) as const;

/** Every route the app can have, before gating, in matching-irrelevant order. */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/discover/*', page: { cms: 'discover' }, gates: ['discover'] },
  { path: '/login', page: layout('login'), gates: ['enrollment'], outage: 'login', caseSensitive: true },
  { path: '/Login', page: layout('login'), gates: ['enrollment'], outage: 'login', caseSensitive: true },
  { path: '/join', page: layout('join'), gates: ['enrollment'], outage: 'join' },
  { path: '/add_card', page: layout('add-card'), gates: ['enrollment'] },
  { path: '/card_added', page: layout('card-added'), gates: ['enrollment'] },
  { path: '/activate', page: layout('activate'), gates: ['enrollment'] },
  { path: '/activate/activated', page: layout('activated'), gates: ['enrollment'] },
  { path: '/recover', page: layout('recover'), gates: ['enrollment', 'direct'] },
  { path: '/recover/confirm', page: layout('recover-confirm'), gates: ['enrollment', 'direct'] },
  { path: '/recover/update', page: layout('recover-update'), gates: ['enrollment', 'direct'] },
  { path: '/recover/success', page: layout('recover-success'), gates: ['enrollment', 'direct'] },
  { path: '/fix_credentials', page: layout('fix-credentials'), gates: ['enrollment', 'direct'] },
  { path: '/search', page: layout('search') },
  { path: '/merchants/:merchantId', page: layout('merchant') },
  { path: '/merchants/:merchantId/Order', page: layout('merchant-order') },
  { path: '/earn', page: layout('earn') },
  // new-member-bonus, how-it-works, reservations, vip-upgrade, this-is-big and special-offer
  // slugs: one layout fed by the CMS earn_details entry whose url matches.
  { path: '/earn/:slug', page: layout('earn-detail') },
  { path: '/how-it-works', page: layout('how-it-works') },
  // The footer's legal links (partner links.terms / links.privacy): CMS legal group entries.
  { path: '/terms', page: layout('terms') },
  { path: '/privacy', page: layout('privacy') },
  { path: '/account', page: { special: 'accountRedirect' }, gates: ['enrollment'] },
  { path: '/account/overview', page: layout('account-overview'), gates: ['enrollment'], frame: 'account' },
  { path: '/account/recent_activity', page: layout('account-recent-activity'), gates: ['enrollment'], frame: 'account' },
  { path: '/account/manage_cards', page: layout('account-manage-cards'), gates: ['enrollment'], frame: 'account' },
  { path: '/account/user_profile', page: layout('account-user-profile'), gates: ['enrollment'], frame: 'account' },
  { path: '/account/*', page: { special: 'accountRedirect' }, gates: ['enrollment'] },
  { path: '/surveys', page: layout('surveys') },
  { path: '/surveys/success', page: layout('surveys-success') },
  { path: '/surveys/error', page: layout('surveys-error') },
  { path: '/error', page: layout('error') },
  { path: '/not_found', page: { special: 'notFound' } },
  { path: '/stgtools', page: layout('stgtools'), gates: ['staging'] },
  { path: '/SignOut', page: { special: 'signOut' } },
];

function gateOpen(gate: RouteGate, config: GateConfig, env: GateEnv): boolean {
  switch (gate) {
    case 'enrollment':
      return config.enrollmentType !== 'none';
    case 'direct':
      return config.enrollmentType === 'direct';
    case 'discover':
      return config.hasDiscoverPage;
    case 'staging':
      return !env.production;
  }
}

/** What / shows: the discover page when the partner chose it (and has one), else the default home. */
export function homePageOf(config: GateConfig): 'home' | 'discover' {
  return config.homePage === 'discover' && config.hasDiscoverPage ? 'discover' : 'home';
}

/**
 * The routes this partner has, in this environment: the home route, every open table entry,
 * one route per special path, and the catch-all (Not Found) last.
 */
export function availableRoutes(config: GateConfig, env: GateEnv): RouteEntry[] {
  const open = ROUTES.filter((route) => (route.gates ?? []).every((gate) => gateOpen(gate, config, env)));
  const taken = new Set(open.map((route) => route.path.toLowerCase()));
  const special = (config.specialPaths ?? [])
    .filter((path) => path !== '/' && !taken.has(path.toLowerCase()))
    .map((path): RouteEntry => ({ path, page: layout('special') }));
  return [{ path: '/', page: { cms: homePageOf(config) } }, ...open, ...special, { path: '*', page: { special: 'notFound' } }];
}

/** Whether a partner's outage paths (config.outage.paths) put this pathname under maintenance. */
export function isOutagePath(pathname: string, paths: readonly string[] | undefined): boolean {
  const path = pathname.toLowerCase();
  return (paths ?? []).some((raw) => {
    const prefix = raw.toLowerCase().replace(/\/+$/, '');
    return prefix === '' || path === prefix || path.startsWith(`${prefix}/`);
  });
}

/** Whether one route pattern ("/merchants/:merchantId", "/discover/*") matches a pathname, as the router does. */
function patternMatches(pattern: string, pathname: string, caseSensitive: boolean): boolean {
  const norm = (value: string) => (caseSensitive ? value : value.toLowerCase());
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const splat = want[want.length - 1] === '*';
  if (splat) want.pop();
  if (splat ? have.length < want.length : have.length !== want.length) return false;
  return want.every((segment, i) => {
    const actual = have[i] ?? '';
    return segment.startsWith(':') ? actual !== '' : norm(segment) === norm(actual);
  });
}

/**
 * The route a page address lands on, or null when only the catch-all (Not Found) takes it. Matches
 * like react-router: case-insensitive unless the entry says otherwise, trailing slash ignored,
 * `:name` one segment, a trailing `*` any rest.
 */
export function matchRoute<Route extends Pick<RouteEntry, 'path' | 'caseSensitive'>>(
  pathname: string,
  routes: readonly Route[],
): Route | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return routes.find((route) => route.path !== '*' && patternMatches(route.path, decoded, route.caseSensitive === true)) ?? null;
}
