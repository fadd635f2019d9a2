// Test helper for blocks and UI: renders inside the providers the app gives them — a Runtime built
// from the real partner files (base merged with the partner's own, validated like the server does),
// a QueryClient that never retries, and a MemoryRouter whose current location tests can read.
// Only tests import this file.
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import type {
  CmsPage,
  CmsPagesResponse,
  CopyCatalogue,
  Member,
  Merchant,
  MerchantSearchResponse,
  PageLayout,
  PartnerConfig,
  PartnerTheme,
} from '#shared/generated/types.ts';
import { validateCopy, validateLayout, validatePartner, validateTheme, type ValidateFn } from '#shared/generated/validators.js';
import { mergePatch } from '#shared/merge-patch.ts';
import { partnerFlags, placeholdersFor, type PartnerBundle } from '#shared/partner.ts';
import { problemsFrom, formatProblem } from '#shared/validation.ts';
import { CMS_CONTENT_NAMES, type CmsContent, type CmsContentName } from '#shared/cms.ts';
import { visitorKindOf, type Visitor } from '#shared/visitor.ts';
import { RuntimeProvider, type Runtime } from '#client/runtime/index.tsx';

// Vite reads the partner files at transform time, so this works in any test environment.
const PARTNER_FILES = import.meta.glob<unknown>('/partners/**/*.json', { eager: true, import: 'default' });

function partnerFile(path: string): unknown {
  const value = PARTNER_FILES[`/partners/${path}`];
  return value === undefined ? undefined : structuredClone(value);
}

function checked<T>(source: string, validate: ValidateFn<T>, value: unknown): T {
  if (!validate(value)) throw new Error(problemsFrom(source, validate.errors).map(formatProblem).join('\n'));
  return value;
}

export const PARTNER_IDS = [...new Set(Object.keys(PARTNER_FILES).map((path) => path.split('/')[2] ?? ''))]
  .filter((id) => id && !id.startsWith('_'))
  .sort();

/** A partner bundle exactly as the server would serve it (plus optional config patches for a test). */
export function partnerBundle(id: string, configPatch?: Partial<PartnerConfig>): PartnerBundle {
  if (!PARTNER_IDS.includes(id)) throw new Error(`unknown partner ${id} (have ${PARTNER_IDS.join(', ')})`);
  const part = <T,>(name: string, validate: ValidateFn<T>): T => {
    const base = partnerFile(`_base/${name}`);
    const own = partnerFile(`${id}/${name}`);
    return checked(`partners/${id}/${name}`, validate, own === undefined ? base : mergePatch(base, own));
  };
  let config = part<PartnerConfig>('partner.json', validatePartner);
  if (configPatch) config = checked(`test patch of ${id}`, validatePartner, mergePatch(config, configPatch));
  const pages: Record<string, PageLayout> = {};
  for (const path of Object.keys(PARTNER_FILES)) {
    const match = /^\/partners\/_base\/pages\/([^/]+)\.json$/.exec(path);
    if (!match?.[1]) continue;
    const name = match[1];
    const own = partnerFile(`${id}/pages/${name}.json`);
    const base = partnerFile(`_base/pages/${name}.json`);
    pages[name] = checked(`partners/${id}/pages/${name}.json`, validateLayout, own === undefined ? base : mergePatch(base, own));
  }
  return {
    id,
    config,
    theme: part<PartnerTheme>('theme.json', validateTheme),
    copy: part<CopyCatalogue>('copy.json', validateCopy),
    pages,
  };
}

/** A CMS entry in the shape GET /api/cms/pages answers with. */
export function cmsPage(slug: string, fields: object, extra: Partial<CmsPage> = {}): CmsPage {
  return {
    slug,
    name: slug,
    page_type: 'page',
    published: '2026-01-01T00:00:00Z',
    updated: '2026-01-01T00:00:00Z',
    status: 'published',
    fields: fields as Record<string, unknown>,
    ...extra,
  };
}

export function cmsContent(groups: Partial<Record<CmsContentName, CmsPage[]>> = {}): CmsContent {
  const content = {} as Record<CmsContentName, CmsPagesResponse>;
  for (const name of CMS_CONTENT_NAMES) {
    const data = groups[name] ?? [];
    content[name] = { meta: { count: data.length, previous_page: null, next_page: null }, data };
  }
  return content;
}

/** A signed-in member; card member at tier 2 unless overridden. */
export function memberFixture(overrides: Partial<Member> = {}): Member {
  return {
    publicId: 'pub-test-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    memberType: 'EnrolledCardMember',
    tierLevel: 2,
    hasWebProfile: true,
    active: true,
    ...overrides,
  };
}

/** A merchant as the search API returns it; override any part. */
export function merchantFixture(overrides: Partial<Merchant> & { id?: string } = {}): Merchant {
  const id = overrides.id ?? 'm-1';
  return {
    id,
    name: `Test Bistro ${id}`,
    images: { imageBaseUrl: `/media/merchants/${id}/` },
    details: { rating: { overallRating: 4.5, numberOfRatings: 120 }, priceRange: 2, cuisines: ['Italian', 'Pizza'], highlight: null },
    location: { address: { city: 'New York' }, neighborhood: 'Midtown', latitude: 40.7577, longitude: -73.9857 },
    distance: 1.24,
    origin: null,
    acclaimedLevel: 0,
    benefitAvailability: { campaignCodes: ['BASE'], offerType: 'Unlimited', bonusText: null, offerTag: null },
    reservationProviders: { openTable: null },
    ...overrides,
  };
}

export function searchResponse(merchants: Merchant[]): MerchantSearchResponse {
  return {
    merchants,
    pageNo: 1,
    pageSize: 15,
    totalResultSize: merchants.length,
    totalPages: 1,
    origin: { latitude: 40.76, longitude: -73.99 },
  };
}

export interface RuntimeOptions {
  /** Partner id from partners/ (default skyline: direct enrolment, miles). */
  partner?: string | PartnerBundle;
  /** Config patches applied over the real partner file. */
  config?: Partial<PartnerConfig>;
  /** Copy keys added or replaced for this test. */
  copy?: CopyCatalogue;
  member?: Member | null;
  cms?: Partial<Record<CmsContentName, CmsPage[]>>;
  preview?: boolean;
  visitor?: Partial<Visitor>;
  now?: Date;
}

export function makeRuntime(options: RuntimeOptions = {}): Runtime {
  let partner = typeof options.partner === 'object' ? options.partner : partnerBundle(options.partner ?? 'skyline', options.config);
  if (options.copy) partner = { ...partner, copy: { ...partner.copy, ...options.copy } };
  const member = options.member ?? null;
  const now = options.now ?? new Date();
  const visitor: Visitor = {
    kind: visitorKindOf(member),
    tier: member?.tierLevel ?? null,
    enrollmentType: partner.config.enrollmentType,
    flags: partnerFlags(partner.config),
    nativeApp: false,
    pwa: false,
    now,
    ...options.visitor,
  };
  return {
    partner,
    cms: cmsContent(options.cms),
    preview: options.preview ?? false,
    providersOrigin: 'http://localhost:3001',
    production: false,
    visitor,
    member,
    placeholders: placeholdersFor(partner, now),
  };
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export interface RenderOptions extends RuntimeOptions {
  /** Initial URL (default "/"). */
  route?: string;
  queryClient?: QueryClient;
  runtime?: Runtime;
}

export interface RenderWithAppResult extends RenderResult {
  runtime: Runtime;
  queryClient: QueryClient;
  /** The router's current location (pathname, search, state) — e.g. after a navigate(). */
  location: () => Location;
}

function LocationSpy({ target }: { target: { current: Location | null } }) {
  target.current = useLocation();
  return null;
}

/** Renders `ui` at every path, so navigations away keep it mounted and `location()` tells where it went. */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}): RenderWithAppResult {
  const runtime = options.runtime ?? makeRuntime(options);
  const queryClient = options.queryClient ?? createTestQueryClient();
  const current: { current: Location | null } = { current: null };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <RuntimeProvider value={runtime}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          <LocationSpy target={current} />
          <Routes>
            <Route path="*" element={children} />
          </Routes>
        </MemoryRouter>
      </RuntimeProvider>
    </QueryClientProvider>
  );
  const result = render(ui, { wrapper });
  return {
    ...result,
    runtime,
    queryClient,
    location: () => {
      if (!current.current) throw new Error('router not rendered');
      return current.current;
    },
  };
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type FetchRoute = (call: FetchCall) => { status?: number; body?: unknown } | undefined;

/**
 * A fetch stand-in answering by URL: `routes` maps "METHOD /path" (query ignored) to an answer.
 * Unmatched calls answer 404. Returns the recorded calls. Install with vi.stubGlobal('fetch', ...).
 */
export function fakeFetch(routes: Record<string, FetchRoute | { status?: number; body?: unknown }>) {
  const calls: FetchCall[] = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON: keep the string
      }
    }
    const call: FetchCall = { url, method, headers: new Headers(init.headers), body };
    calls.push(call);
    const path = new URL(url, 'http://localhost').pathname;
    const route = routes[`${method} ${path}`];
    const answer = typeof route === 'function' ? route(call) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const payload = answer?.body ?? (answer ? null : { message: 'Not Found' });
    return new Response(payload === null ? '' : JSON.stringify(payload), {
      status,
      statusText: status === 404 ? 'Not Found' : status >= 400 ? 'Error' : 'OK',
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch: fetchFn, calls };
}
