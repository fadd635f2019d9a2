// Turns the route table (route-table.ts, plain data) into router objects, and wraps every route in
// the app shell: the frame plus the effects that run across routes (scroll, session, tracking).
import { useEffect, type ReactElement } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PartnerBundle } from '#shared/partner.ts';
import { memberQuery } from '#client/api/member.ts';
import { useCopy, useKnownMember, useMember, usePartner } from '#client/ui/runtime.tsx';
import { Frame } from '#client/features/frame/Frame.tsx';
import { CmsLayoutPage } from '#client/features/pages/CmsLayoutPage.tsx';
import { LayoutPage } from '#client/features/pages/LayoutPage.tsx';
import { NotFoundPage } from '#client/features/pages/NotFoundPage.tsx';
import { ErrorPage } from '#client/features/pages/ErrorPage.tsx';
import { OutagePage } from '#client/features/outage/OutagePage.tsx';
import { SessionEffects } from '#client/features/session/SessionEffects.tsx';
import { SignOutPage } from '#client/features/session/SignOutPage.tsx';
import { TrackingEffects } from '#client/features/tracking/TrackingEffects.tsx';
import { availableRoutes, isOutagePath, type RouteEntry } from './route-table.ts';

/**
 * Outage mode (spec 000 §2): the flags for /login and /join replace those pages with the maintenance
 * page naming the process; the partner's outage paths replace any other page with the general text.
 */
function OutageGate({ process, children }: { process?: 'login' | 'join'; children: ReactElement }) {
  const { outage } = usePartner().config;
  const { pathname } = useLocation();
  if (process && outage[process]) return <OutagePage process={process} />;
  if (isOutagePath(pathname, outage.paths)) return <OutagePage process="general" />;
  return children;
}

function pageFor(entry: RouteEntry): ReactElement {
  const { page } = entry;
  if ('cms' in page) return <CmsLayoutPage key={`cms-${page.cms}`} group={page.cms} />;
  if ('layout' in page) return <LayoutPage key={page.layout} name={page.layout} />;
  switch (page.special) {
    case 'notFound':
      return <NotFoundPage />;
    case 'signOut':
      return <SignOutPage />;
    case 'accountRedirect':
      return <Navigate to="/account/overview" replace />;
  }
}

function elementFor(entry: RouteEntry): ReactElement {
  const page = pageFor(entry);
  // Signing out must always work; every other page can be put under maintenance.
  return 'special' in entry.page && entry.page.special === 'signOut' ? page : <OutageGate process={entry.outage}>{page}</OutageGate>;
}

function toRouteObject(entry: RouteEntry): RouteObject {
  const element = elementFor(entry);
  // Per route too, so a page that throws keeps the frame around the error page.
  const errorElement = <ErrorPage />;
  if (entry.path === '/') return { index: true, element, errorElement };
  return { path: entry.path.replace(/^\//, ''), caseSensitive: entry.caseSensitive ?? false, element, errorElement };
}

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The layout route around every page: frame and cross-route effects. */
function AppShell() {
  const partner = usePartner();
  const member = useMember();
  const known = useKnownMember();
  const copy = useCopy();
  // The same query the app loaded before rendering (shared cache): here for its timestamp and refetch.
  const memberState = useQuery({ ...memberQuery, enabled: partner.config.enrollmentType !== 'none' });
  return (
    <>
      <ScrollToTop />
      <SessionEffects
        signedIn={member !== null}
        memberUpdatedAt={memberState.dataUpdatedAt}
        refetchMember={() => void memberState.refetch()}
        adminOrigin={partner.config.adminOrigin ?? null}
        warningMessage={copy('session.expiryWarning') || undefined}
      />
      <TrackingEffects memberId={member?.publicId ?? null} publicId={known.publicId} />
      <Frame />
    </>
  );
}

export function buildRoutes(partner: PartnerBundle, env: { production: boolean } = { production: false }): RouteObject[] {
  const children = availableRoutes(partner.config, env).map(toRouteObject);
  return [{ element: <AppShell />, errorElement: <ErrorPage />, children }];
}
