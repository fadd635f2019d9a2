// Every kind of page a member or visitor opens, with an address of each on a partner that has it:
// the layout-shift and findability browser tests walk these, and so does the Lighthouse bench
// (tools/bench/lighthouse-pages.ts), so both measure the same pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ALL_PARTNERS = ['skyline', 'harbor', 'greenleaf', 'metro', 'openplate'] as const;
export type Partner = (typeof ALL_PARTNERS)[number];

/** A merchant every partner lists (seeded for all). */
export const SOME_MERCHANT = '10013';

export interface PageKind {
  /** What the page is ("search", "account overview"). */
  kind: string;
  path: string;
  /** Opened by a signed-in card member (card2). */
  signedIn: boolean;
  /** Public pages are indexed; account pages say noindex, and Not Found answers 404. */
  indexable: boolean;
}

interface Flags {
  enrollmentType: 'direct' | 'sso' | 'none';
  hasDiscoverPage: boolean;
}

function flags(partner: Partner): Flags {
  const read = (id: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, '../../partners', id, 'partner.json'), 'utf8')) as Partial<Flags>;
  const base = read('_base');
  const own = read(partner);
  return {
    enrollmentType: own.enrollmentType ?? base.enrollmentType ?? 'direct',
    hasDiscoverPage: own.hasDiscoverPage ?? base.hasDiscoverPage ?? false,
  };
}

/** How members sign in on this partner: none (no account pages), direct, or through its sso provider. */
export function enrollmentOf(partner: Partner): Flags['enrollmentType'] {
  return flags(partner).enrollmentType;
}

/** The page kinds this partner has, each with one address. */
export function pageKinds(partner: Partner): PageKind[] {
  const { enrollmentType, hasDiscoverPage } = flags(partner);
  const page = (kind: string, path: string, signedIn = false, indexable = !signedIn): PageKind => ({ kind, path, signedIn, indexable });
  return [
    page('home', '/'),
    ...(hasDiscoverPage ? [page('discover', '/discover')] : []),
    page('search', '/search?location=New%20York'),
    page('merchant', `/merchants/${SOME_MERCHANT}`),
    page('earn', '/earn'),
    page('earn detail', '/earn/how-it-works'),
    page('how it works', '/how-it-works'),
    page('terms', '/terms'),
    ...(enrollmentType === 'none' ? [] : [page('login', enrollmentType === 'sso' ? '/Login' : '/login'), page('join', '/join')]),
    page('not found', '/no/such/page', false, false),
    ...(enrollmentType === 'none'
      ? []
      : [
          page('account overview', '/account/overview', true),
          page('account activity', '/account/recent_activity', true),
          page('account cards', '/account/manage_cards', true),
          page('account profile', '/account/user_profile', true),
        ]),
  ];
}
