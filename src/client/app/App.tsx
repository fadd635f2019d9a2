// Providers and the router: the only layer that combines features.
import { memo, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { Bootstrap } from '#shared/bootstrap.ts';
import type { CmsPagesResponse } from '#shared/generated/types.ts';
import { CMS_CONTENT_NAMES, type CmsContent } from '#shared/cms.ts';
import { partnerFlags, placeholdersFor } from '#shared/partner.ts';
import { visitorKindOf, type Visitor } from '#shared/visitor.ts';
import type { PreviewVisitor } from '#shared/preview-messages.ts';
import { RuntimeProvider, type KnownMemberState, type Runtime } from '#client/runtime/index.tsx';
import { Spinner } from '#client/ui/Spinner.tsx';
import { ToastProvider, useToast } from '#client/ui/toast/index.ts';
import { memberKey, memberQuery, capturePublicId, knownMemberQuery } from '#client/features/session/index.ts';
import { cmsQuery, EMPTY_CMS_GROUP } from '#client/api/cms.ts';
import { startCsrf } from '#client/api/csrf.ts';
import { isTransientError, setCsrfUnavailableHandler } from '#client/api/http.ts';
import { ServiceErrorPage } from '#client/features/pages/index.ts';
import { setAnalyticsSession } from '#client/lib/analytics.ts';
import { buildRoutes } from './routes.tsx';
import { detectNativeApp, isStandalonePwa } from '../lib/device.ts';

export function createQueryClient(): QueryClient {
  // Reads retry twice when the server is briefly unavailable or did not answer (API_TIMEOUT_MS),
  // then show their error state; other failures are final at once.
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: (failures, error) => failures < 2 && isTransientError(error) },
    },
  });
}

/** Writes attempted with the placeholder CSRF token show the spec 000 §5 message as an error toast. */
function CsrfToasts() {
  const toast = useToast();
  useEffect(() => {
    setCsrfUnavailableHandler((error) => toast.show({ kind: 'error', message: error.message }));
    return () => setCsrfUnavailableHandler(null);
  }, [toast]);
  return null;
}

/**
 * The groups' data as one object, kept while no group's data changes (the runtime memo depends on
 * it): a cache of the last call, keyed by each group's data.
 */
function combinedCms(): (data: ReadonlyArray<CmsPagesResponse | undefined>) => CmsContent {
  let last: { data: ReadonlyArray<CmsPagesResponse | undefined>; content: CmsContent } | null = null;
  return (data) => {
    if (last && data.every((d, i) => d === last?.data[i])) return last.content;
    const content = Object.fromEntries(CMS_CONTENT_NAMES.map((name, i) => [name, data[i] ?? EMPTY_CMS_GROUP])) as unknown as CmsContent;
    last = { data, content };
    return content;
  };
}

/**
 * All CMS groups as queries, seeded from the bootstrap (spec 000 §4); an error is empty content.
 * One `useQuery` per group rather than `useQueries`: the group list is a module constant, so the hooks
 * are called in the same order on every render, and the first route does without TanStack's
 * QueriesObserver (1.2 KiB gzip of the entry chunk).
 */
function useCmsContent(bootstrap: Bootstrap): { content: CmsContent; ready: boolean } {
  const { partner, preview } = bootstrap;
  const inlined = bootstrap.cms;
  const results = CMS_CONTENT_NAMES.map((contentName) =>
    // eslint-disable-next-line react-hooks/rules-of-hooks -- a constant list: same hooks, same order, every render
    useQuery(cmsQuery({ cmsRoute: partner.config.cmsRoute, contentName, preview, initial: inlined[contentName] })),
  );
  const [combine] = useState(combinedCms);
  return { content: combine(results.map((r) => r.data)), ready: results.every((r) => !r.isPending) };
}

/**
 * In preview (drafts shown), the page editor around this frame may send unsaved entries and the
 * member state to show: its receiver loads on demand, so member pages outside preview carry none of it.
 */
function usePreviewVisitor(preview: boolean): PreviewVisitor | null {
  const queryClient = useQueryClient();
  const [visitor, setVisitor] = useState<PreviewVisitor | null>(null);
  useEffect(() => {
    if (!preview || window.parent === window) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Every edit the editor sends repeats the member state: the same state keeps the same object, so
    // the runtime (and every block reading the visitor) stays as it was.
    const keepSame = (next: PreviewVisitor | null) =>
      setVisitor((was) => (was === next || (was && next && was.kind === next.kind && was.tier === next.tier) ? was : next));
    void import('./preview-receiver.ts').then(({ startPreviewReceiver }) => {
      if (!cancelled) stop = startPreviewReceiver(queryClient, keepSame);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [preview, queryClient]);
  return visitor;
}

function RuntimeGate({ bootstrap }: { bootstrap: Bootstrap }) {
  const partner = bootstrap.partner;
  const previewVisitor = usePreviewVisitor(bootstrap.preview);
  const enrollmentNone = partner.config.enrollmentType === 'none';
  // Partners without enrolment have no members: skip the call.
  const member = useQuery({ ...memberQuery, enabled: !enrollmentNone });
  const cms = useCmsContent(bootstrap);
  const routes = useMemo(() => buildRoutes(partner, { production: bootstrap.production }), [partner, bootstrap.production]);

  // ?public_id= on any page (first load or a later navigation) identifies a known member.
  // On the server there is no cookie to read: it renders only for visitors without one (server-render.tsx).
  const [publicId, setPublicId] = useState(() => (typeof document === 'undefined' ? null : capturePublicId(window.location.search)));
  const { search } = useLocation();
  useEffect(() => {
    const id = capturePublicId(search);
    if (id) setPublicId(id);
  }, [search]);
  // Partners without enrolment have no activation, so nobody to look up.
  const known = useQuery({ ...knownMemberQuery(publicId ?? ''), enabled: publicId !== null && !enrollmentNone });
  const knownState = useMemo<KnownMemberState>(() => {
    if (publicId === null || enrollmentNone) return { publicId, status: 'idle', member: null };
    if (known.isError) return { publicId, status: 'error', member: null };
    if (known.data) return { publicId, status: 'known', member: known.data };
    return { publicId, status: 'pending', member: null };
  }, [publicId, enrollmentNone, known.isError, known.data]);

  const memberData = member.data ?? null;
  // Kept apart from the CMS content: each edit in the editor's preview brings new content, and a new
  // visitor or placeholders object would redraw every block of the page (runtime/index.tsx).
  const visitor = useMemo<Visitor>(
    () => ({
      kind: previewVisitor?.kind ?? visitorKindOf(memberData, knownState.status === 'known'),
      tier: previewVisitor ? previewVisitor.tier : (memberData?.tierLevel ?? knownState.member?.tierLevel ?? null),
      enrollmentType: partner.config.enrollmentType,
      flags: partnerFlags(partner.config),
      nativeApp: typeof navigator !== 'undefined' && detectNativeApp(navigator.userAgent) !== null,
      pwa: isStandalonePwa(),
      now: new Date(),
    }),
    [partner, memberData, knownState, previewVisitor],
  );
  const placeholders = useMemo(() => placeholdersFor(partner), [partner]);
  const runtime = useMemo<Runtime>(
    () => ({
      partner,
      cms: cms.content,
      preview: bootstrap.preview,
      providersOrigin: bootstrap.providersOrigin,
      production: bootstrap.production,
      visitor,
      member: memberData,
      placeholders,
      known: knownState,
    }),
    [bootstrap, partner, memberData, cms.content, knownState, visitor, placeholders],
  );

  // Nothing renders until the member (when the partner has members) and all CMS groups are in.
  if ((!enrollmentNone && member.isPending) || !cms.ready) return <Spinner size="lg" />;
  // Whether someone is signed in is unknown (server unavailable, no answer): the error copy, not
  // a guest's view of the page.
  if (!enrollmentNone && member.isError) {
    return (
      <RuntimeProvider value={runtime}>
        <ServiceErrorPage />
      </RuntimeProvider>
    );
  }
  return (
    <RuntimeProvider value={runtime}>
      <AppRoutes routes={routes} />
    </RuntimeProvider>
  );
}

/**
 * The member the server inlined (null: nobody signed in) becomes the member query's data before
 * anything renders, so starting the app asks GET /api/Member nothing: no 401 for anonymous
 * visitors, and a member's page does not wait for that call before its own requests start.
 * Absent (the server could not tell): the query asks itself, as before.
 */
function seedMember(client: QueryClient, bootstrap: Bootstrap): void {
  if (bootstrap.member === undefined || bootstrap.partner.config.enrollmentType === 'none') return;
  if (client.getQueryData(memberKey) === undefined) client.setQueryData(memberKey, bootstrap.member);
}

/**
 * Drawn again only when the location (or the route table) changes: useRoutes gives the matched
 * routes a new context each time it runs, which redraws every link on the page. New CMS content
 * reaches the parts that read it through their own hooks (runtime/index.tsx).
 */
const AppRoutes = memo(function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
});

/**
 * The browser's router by default; the server passes a StaticRouter at the requested address
 * (server-render.tsx), which the member bundle then never carries.
 */
export function App({
  bootstrap,
  queryClient,
  Router = BrowserRouter,
}: {
  bootstrap: Bootstrap;
  queryClient?: QueryClient;
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  const client = useMemo(() => {
    const made = queryClient ?? createQueryClient();
    seedMember(made, bootstrap);
    return made;
  }, [queryClient, bootstrap]);
  // Decided while rendering, not in an effect: children's effects run before their parent's, and
  // the tracking effects push the PWA session event on their first mount (which, for a partner
  // without members, is this very first render).
  useState(() => setAnalyticsSession(isStandalonePwa() ? 'standalone' : 'browser'));
  useEffect(() => {
    void startCsrf();
  }, []);
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <CsrfToasts />
        <Router>
          <RuntimeGate bootstrap={bootstrap} />
        </Router>
      </ToastProvider>
    </QueryClientProvider>
  );
}
