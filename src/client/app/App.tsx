// Providers and the router: the only layer that combines features.
import { useMemo } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { Bootstrap } from '#shared/bootstrap.ts';
import { partnerFlags, placeholdersFor } from '#shared/partner.ts';
import { visitorKindOf, type Visitor } from '#shared/visitor.ts';
import { RuntimeProvider, type Runtime } from '#client/ui/runtime.tsx';
import { Spinner } from '#client/ui/Spinner.tsx';
import { memberQuery } from '#client/api/member.ts';
import { buildRoutes } from './routes.tsx';
import { detectNativeApp, isStandalonePwa } from './device.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });
}

function RuntimeGate({ bootstrap }: { bootstrap: Bootstrap }) {
  const partner = bootstrap.partner;
  const enrollmentNone = partner.config.enrollmentType === 'none';
  // Partners without enrolment have no members: skip the call.
  const member = useQuery({ ...memberQuery, enabled: !enrollmentNone });
  const router = useMemo(() => createBrowserRouter(buildRoutes(partner)), [partner]);
  const memberData = member.data ?? null;

  const runtime = useMemo<Runtime>(() => {
    const visitor: Visitor = {
      kind: visitorKindOf(memberData),
      tier: memberData?.tierLevel ?? null,
      enrollmentType: partner.config.enrollmentType,
      flags: partnerFlags(partner.config),
      nativeApp: detectNativeApp(navigator.userAgent) !== null,
      pwa: isStandalonePwa(),
      now: new Date(),
    };
    return {
      partner,
      cms: bootstrap.cms,
      preview: bootstrap.preview,
      providersOrigin: bootstrap.providersOrigin,
      production: bootstrap.production,
      visitor,
      member: memberData,
      placeholders: placeholdersFor(partner),
    };
  }, [bootstrap, partner, memberData]);

  if (!enrollmentNone && member.isPending) return <Spinner size="lg" />;
  return (
    <RuntimeProvider value={runtime}>
      <RouterProvider router={router} />
    </RuntimeProvider>
  );
}

export function App({ bootstrap, queryClient }: { bootstrap: Bootstrap; queryClient?: QueryClient }) {
  const client = useMemo(() => queryClient ?? createQueryClient(), [queryClient]);
  return (
    <QueryClientProvider client={client}>
      <RuntimeGate bootstrap={bootstrap} />
    </QueryClientProvider>
  );
}
