// Providers and the router: the only layer that combines features.
import { useEffect, useMemo, useState } from 'react';
import { QueryClient, QueryClientProvider, useQueries, useQuery } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { Bootstrap } from '#shared/bootstrap.ts';
import { CMS_CONTENT_NAMES, type CmsContent } from '#shared/cms.ts';
import type { CmsPagesResponse } from '#shared/generated/types.ts';
import { partnerFlags, placeholdersFor } from '#shared/partner.ts';
import { visitorKindOf, type Visitor } from '#shared/visitor.ts';
import { RuntimeProvider, type KnownMemberState, type Runtime } from '#client/ui/runtime.tsx';
import { Spinner } from '#client/ui/Spinner.tsx';
import { ToastProvider, useToast } from '#client/ui/toast/index.ts';
import { memberQuery } from '#client/api/member.ts';
import { cmsQuery, EMPTY_CMS_GROUP } from '#client/api/cms.ts';
import { startCsrf } from '#client/api/csrf.ts';
import { setCsrfUnavailableHandler } from '#client/api/http.ts';
import { capturePublicId, knownMemberQuery } from '#client/api/known-member.ts';
import { setAnalyticsSession } from '#client/ui/analytics.ts';
import { buildRoutes } from './routes.tsx';
import { detectNativeApp, isStandalonePwa } from './device.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });
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

function combineCms(results: Array<{ data: CmsPagesResponse | undefined; isPending: boolean }>): { content: CmsContent; ready: boolean } {
  return {
    content: Object.fromEntries(CMS_CONTENT_NAMES.map((name, i) => [name, results[i]?.data ?? EMPTY_CMS_GROUP])) as unknown as CmsContent,
    ready: results.every((r) => !r.isPending),
  };
}

/** All eleven CMS groups as queries, seeded from the bootstrap (spec 000 §4); an error is empty content. */
function useCmsContent(bootstrap: Bootstrap): { content: CmsContent; ready: boolean } {
  const { partner, preview } = bootstrap;
  const inlined = bootstrap.cms;
  return useQueries({
    queries: CMS_CONTENT_NAMES.map((contentName) =>
      cmsQuery({ cmsRoute: partner.config.cmsRoute, contentName, preview, initial: inlined[contentName] }),
    ),
    // A stable function: TanStack then keeps the combined object while no query changes.
    combine: combineCms,
  });
}

function RuntimeGate({ bootstrap }: { bootstrap: Bootstrap }) {
  const partner = bootstrap.partner;
  const enrollmentNone = partner.config.enrollmentType === 'none';
  // Partners without enrolment have no members: skip the call.
  const member = useQuery({ ...memberQuery, enabled: !enrollmentNone });
  const cms = useCmsContent(bootstrap);
  const router = useMemo(() => createBrowserRouter(buildRoutes(partner, { production: bootstrap.production })), [partner, bootstrap.production]);

  // ?public_id= on any page (first load or a later navigation) identifies a known member.
  const [publicId, setPublicId] = useState(() => capturePublicId(window.location.search));
  useEffect(
    () =>
      router.subscribe((state) => {
        const id = capturePublicId(state.location.search);
        if (id) setPublicId(id);
      }),
    [router],
  );
  // Partners without enrolment have no activation, so nobody to look up.
  const known = useQuery({ ...knownMemberQuery(publicId ?? ''), enabled: publicId !== null && !enrollmentNone });
  const knownState = useMemo<KnownMemberState>(() => {
    if (publicId === null || enrollmentNone) return { publicId, status: 'idle', member: null };
    if (known.isError) return { publicId, status: 'error', member: null };
    if (known.data) return { publicId, status: 'known', member: known.data };
    return { publicId, status: 'pending', member: null };
  }, [publicId, enrollmentNone, known.isError, known.data]);

  const memberData = member.data ?? null;
  const runtime = useMemo<Runtime>(() => {
    const visitor: Visitor = {
      kind: visitorKindOf(memberData, knownState.status === 'known'),
      tier: memberData?.tierLevel ?? knownState.member?.tierLevel ?? null,
      enrollmentType: partner.config.enrollmentType,
      flags: partnerFlags(partner.config),
      nativeApp: detectNativeApp(navigator.userAgent) !== null,
      pwa: isStandalonePwa(),
      now: new Date(),
    };
    return {
      partner,
      cms: cms.content,
      preview: bootstrap.preview,
      providersOrigin: bootstrap.providersOrigin,
      production: bootstrap.production,
      visitor,
      member: memberData,
      placeholders: placeholdersFor(partner),
      known: knownState,
    };
  }, [bootstrap, partner, memberData, cms.content, knownState]);

  // Nothing renders until the member (when the partner has members) and all eleven groups are in.
  if ((!enrollmentNone && member.isPending) || !cms.ready) return <Spinner size="lg" />;
  return (
    <RuntimeProvider value={runtime}>
      <RouterProvider router={router} />
    </RuntimeProvider>
  );
}

export function App({ bootstrap, queryClient }: { bootstrap: Bootstrap; queryClient?: QueryClient }) {
  const client = useMemo(() => queryClient ?? createQueryClient(), [queryClient]);
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
        <RuntimeGate bootstrap={bootstrap} />
      </ToastProvider>
    </QueryClientProvider>
  );
}
