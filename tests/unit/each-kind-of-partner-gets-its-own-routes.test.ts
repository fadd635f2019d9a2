// Route gating as data (spec 000 §2, 001 §2): which paths each kind of partner has.
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { availableRoutes, homePageOf, isOutagePath, matchRoute, ROUTES, type GateConfig, type RouteEntry } from '#shared/routes.ts';
import { partnerBundle, PARTNER_IDS } from '#tests/utils/render.tsx';

const direct: GateConfig = { enrollmentType: 'direct', hasDiscoverPage: true, homePage: 'default' };
const sso: GateConfig = { ...direct, enrollmentType: 'sso' };
const none: GateConfig = { ...direct, enrollmentType: 'none' };
const dev = { production: false };
const prod = { production: true };

/** What the real router would render at `path`, matching the table entries as routes.tsx does. */
function pageAt(routes: RouteEntry[], path: string): string {
  const objects = routes.map((entry) => ({ path: entry.path, caseSensitive: entry.caseSensitive ?? false, entry }));
  const match = matchRoutes(objects, path)?.at(-1);
  if (!match) throw new Error(`nothing matches ${path}`);
  const { page } = match.route.entry;
  if ('layout' in page) return page.layout;
  if ('cms' in page) return `cms:${page.cms}`;
  return page.special;
}

const ENROLMENT_PATHS = ['/login', '/Login', '/join', '/add_card', '/card_added', '/activate', '/activate/activated'];
const ACCOUNT_PATHS = [
  '/account',
  '/account/overview',
  '/account/recent_activity',
  '/account/manage_cards',
  '/account/user_profile',
  '/account/whatever',
];
const CREDENTIAL_PATHS = ['/recover', '/recover/confirm', '/recover/update', '/recover/success', '/fix_credentials'];
const EVERYONE = [
  '/search',
  '/merchants/m-1',
  '/merchants/m-1/Order',
  '/earn',
  '/earn/new-member-bonus',
  '/how-it-works',
  '/terms',
  '/privacy',
  '/surveys',
  '/surveys/success',
  '/surveys/error',
  '/error',
  '/not_found',
  '/SignOut',
];

describe('route gating', () => {
  it('direct enrolment has every sign-in, join, activation, account and credential route', () => {
    const routes = availableRoutes(direct, dev);
    for (const path of [...ENROLMENT_PATHS, ...ACCOUNT_PATHS, ...CREDENTIAL_PATHS]) expect(pageAt(routes, path), path).not.toBe('notFound');
    expect(pageAt(routes, '/login')).toBe('login');
    expect(pageAt(routes, '/Login')).toBe('login');
    expect(pageAt(routes, '/recover/confirm')).toBe('recover-confirm');
    expect(pageAt(routes, '/fix_credentials')).toBe('fix-credentials');
    expect(pageAt(routes, '/activate/activated')).toBe('activated');
  });

  it('sso keeps sign-in, join and account routes but has no credential recovery', () => {
    const routes = availableRoutes(sso, dev);
    for (const path of [...ENROLMENT_PATHS, ...ACCOUNT_PATHS]) expect(pageAt(routes, path), path).not.toBe('notFound');
    for (const path of CREDENTIAL_PATHS) expect(pageAt(routes, path), path).toBe('notFound');
  });

  it('enrolment type none removes sign-in, join, activation, account and credential routes', () => {
    const routes = availableRoutes(none, dev);
    for (const path of [...ENROLMENT_PATHS, ...ACCOUNT_PATHS, ...CREDENTIAL_PATHS]) expect(pageAt(routes, path), path).toBe('notFound');
    for (const path of EVERYONE.filter((p) => p !== '/not_found')) expect(pageAt(routes, path), path).not.toBe('notFound');
    expect(pageAt(routes, '/search')).toBe('search');
  });

  it('routes every partner has, whatever its enrolment', () => {
    for (const config of [direct, sso, none]) {
      const routes = availableRoutes(config, prod);
      expect(pageAt(routes, '/search')).toBe('search');
      expect(pageAt(routes, '/merchants/abc')).toBe('merchant');
      expect(pageAt(routes, '/merchants/abc/Order')).toBe('merchant-order');
      expect(pageAt(routes, '/earn')).toBe('earn');
      expect(pageAt(routes, '/earn/this-is-big')).toBe('earn-detail');
      expect(pageAt(routes, '/earn/vip-upgrade')).toBe('earn-detail');
      expect(pageAt(routes, '/how-it-works')).toBe('how-it-works');
      expect(pageAt(routes, '/terms')).toBe('terms');
      expect(pageAt(routes, '/privacy')).toBe('privacy');
      expect(pageAt(routes, '/surveys/success')).toBe('surveys-success');
      expect(pageAt(routes, '/error')).toBe('error');
      expect(pageAt(routes, '/not_found')).toBe('notFound');
      expect(pageAt(routes, '/no/such/page')).toBe('notFound');
      expect(pageAt(routes, '/SignOut')).toBe('signOut');
    }
  });

  it('unknown account sub-paths redirect (to the overview) instead of Not Found', () => {
    const routes = availableRoutes(direct, dev);
    expect(pageAt(routes, '/account')).toBe('accountRedirect');
    expect(pageAt(routes, '/account/settings/old')).toBe('accountRedirect');
    expect(pageAt(routes, '/account/overview')).toBe('account-overview');
  });

  it('/discover and its sub-paths exist only with a discover page', () => {
    expect(pageAt(availableRoutes(direct, dev), '/discover')).toBe('cms:discover');
    expect(pageAt(availableRoutes(direct, dev), '/discover/brunch')).toBe('cms:discover');
    const without = availableRoutes({ ...direct, hasDiscoverPage: false }, dev);
    expect(pageAt(without, '/discover')).toBe('notFound');
    expect(pageAt(without, '/discover/brunch')).toBe('notFound');
  });

  it('/ shows discover or the default home by homePage (discover needs a discover page)', () => {
    expect(pageAt(availableRoutes({ ...direct, homePage: 'discover' }, dev), '/')).toBe('cms:discover');
    expect(pageAt(availableRoutes({ ...direct, homePage: 'default' }, dev), '/')).toBe('cms:home');
    expect(homePageOf({ ...direct, homePage: 'discover', hasDiscoverPage: false })).toBe('home');
  });

  it('/stgtools is absent in production', () => {
    expect(pageAt(availableRoutes(direct, dev), '/stgtools')).toBe('stgtools');
    expect(pageAt(availableRoutes(direct, prod), '/stgtools')).toBe('notFound');
  });

  it('adds one route per special path, rendering the special page, without shadowing real routes', () => {
    const routes = availableRoutes({ ...direct, specialPaths: ['/summer', '/promo/fall', '/search'] }, dev);
    expect(pageAt(routes, '/summer')).toBe('special');
    expect(pageAt(routes, '/promo/fall')).toBe('special');
    expect(pageAt(routes, '/search')).toBe('search');
    expect(routes.filter((r) => r.path === '/search')).toHaveLength(1);
    expect(pageAt(availableRoutes(direct, dev), '/summer')).toBe('notFound');
  });

  it('marks /login and /join for outage mode, and nothing else', () => {
    const outage = ROUTES.filter((r) => r.outage).map((r) => `${r.path}:${r.outage}`);
    expect(outage.sort()).toEqual(['/Login:login', '/join:join', '/login:login']);
  });

  it('ends with the catch-all, after every other route', () => {
    for (const config of [direct, sso, none]) {
      const routes = availableRoutes(config, dev);
      expect(routes.at(-1)?.path).toBe('*');
      expect(routes.filter((r) => r.path === '*')).toHaveLength(1);
    }
  });

  it('every layout a route names exists in the base pages (or is one of the sign-in screens)', () => {
    const AUTH_PAGES = new Set([
      'login',
      'join',
      'add-card',
      'card-added',
      'activate',
      'activated',
      'recover',
      'recover-confirm',
      'recover-update',
      'recover-success',
      'fix-credentials',
    ]);
    const pages = partnerBundle('skyline').pages;
    const routes = availableRoutes({ ...direct, specialPaths: ['/x'] }, dev);
    for (const route of routes) {
      if (!('layout' in route.page) || AUTH_PAGES.has(route.page.layout)) continue;
      expect(pages[route.page.layout], `${route.path} -> ${route.page.layout}`).toBeDefined();
    }
  });

  it('the demo partners get the routes their enrolment type promises', () => {
    expect(PARTNER_IDS).toEqual(expect.arrayContaining(['openplate', 'harbor', 'skyline']));
    const routesOf = (id: string) => availableRoutes(partnerBundle(id).config, dev);
    expect(pageAt(routesOf('openplate'), '/login')).toBe('notFound');
    expect(pageAt(routesOf('openplate'), '/account/overview')).toBe('notFound');
    expect(pageAt(routesOf('openplate'), '/')).toBe('cms:discover');
    expect(pageAt(routesOf('harbor'), '/recover')).toBe('notFound');
    expect(pageAt(routesOf('harbor'), '/Login')).toBe('login');
    expect(pageAt(routesOf('skyline'), '/login')).toBe('login');
    expect(pageAt(routesOf('skyline'), '/recover')).toBe('recover');
  });
});

describe('outage paths (partner.config.outage.paths)', () => {
  it('covers the path itself and everything under it, whatever the case, and nothing that merely starts alike', () => {
    const paths = ['/add_card', '/activate/'];
    expect(isOutagePath('/add_card', paths)).toBe(true);
    expect(isOutagePath('/Add_Card', paths)).toBe(true);
    expect(isOutagePath('/activate', paths)).toBe(true);
    expect(isOutagePath('/activate/activated', paths)).toBe(true);
    expect(isOutagePath('/add_cards', paths)).toBe(false);
    expect(isOutagePath('/join', paths)).toBe(false);
    expect(isOutagePath('/', paths)).toBe(false);
  });

  it('is off without paths, and "/" puts the whole site under maintenance', () => {
    expect(isOutagePath('/search', undefined)).toBe(false);
    expect(isOutagePath('/search', [])).toBe(false);
    expect(isOutagePath('/', ['/'])).toBe(true);
    expect(isOutagePath('/merchants/12', ['/'])).toBe(true);
  });
});

describe("matchRoute (the server's 404 decision)", () => {
  const routes: RouteEntry[] = [
    { path: '/', page: { cms: 'home' } },
    { path: '/login', page: { layout: 'login' }, caseSensitive: true },
    { path: '/merchants/:merchantId', page: { layout: 'merchant' } },
    { path: '/discover/*', page: { cms: 'discover' } },
    { path: '*', page: { special: 'notFound' } },
  ];
  const found = (path: string) => matchRoute(path, routes)?.path ?? null;

  it('matches like the router: params take one segment, a trailing * any rest, trailing slashes ignored', () => {
    expect(found('/')).toBe('/');
    expect(found('/merchants/10006')).toBe('/merchants/:merchantId');
    expect(found('/merchants/10006/')).toBe('/merchants/:merchantId');
    expect(found('/merchants')).toBeNull();
    expect(found('/merchants/1/2')).toBeNull();
    expect(found('/discover')).toBe('/discover/*');
    expect(found('/discover/a/b')).toBe('/discover/*');
  });

  it('is case-insensitive unless the route says otherwise, and never answers with the catch-all', () => {
    expect(found('/MERCHANTS/1')).toBe('/merchants/:merchantId');
    expect(found('/login')).toBe('/login');
    expect(found('/LOGIN')).toBeNull();
    expect(found('/nothing-here')).toBeNull();
    expect(found('/%E0%A4%A')).toBeNull();
  });
});
