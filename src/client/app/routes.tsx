// Turns the route table (#shared/routes.ts, plain data) into router objects, and wraps every route in
// the app shell: the frame plus the effects that run across routes (scroll, session, tracking).
import { Component, lazy, Suspense, useEffect, type ReactElement, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PartnerBundle } from '#shared/partner.ts';
import { memberQuery, SessionEffects } from '#client/features/session/index.ts';
import { useCopy, useKnownMember, useMember, usePartner } from '#client/runtime/index.tsx';
import { preloadLayoutCode } from '#client/page/PageRenderer.tsx';
import { Frame } from '#client/features/frame/index.ts';
import { CmsLayoutPage, ErrorPage, LayoutPage, NotFoundPage } from '#client/features/pages/index.ts';
import { TrackingEffects } from '#client/features/tracking/index.ts';
import { availableRoutes, isOutagePath, type RouteEntry } from '#shared/routes.ts';
import { Spinner } from '#client/ui/Spinner.tsx';

// Pages few visits see load on demand: the maintenance page (outage mode), sign-out, the account frame.
const OutagePage = lazy(async () => ({ default: (await import('#client/features/outage/index.ts')).OutagePage }));
const SignOutPage = lazy(async () => ({ default: (await import('#client/features/session/index.ts')).SignOutPage }));
const AccountFrame = lazy(async () => ({ default: (await import('#client/features/account/index.ts')).AccountFrame }));

/** A page whose code loads on demand: the spinner meanwhile; a chunk that fails is the route boundary's. */
function OnDemand({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner size="lg" />}>{children}</Suspense>;
}

/**
 * Outage mode (spec 000 §2): the flags for /login and /join replace those pages with the maintenance
 * page naming the process; the partner's outage paths replace any other page with the general text.
 */
function OutageGate({ process, children }: { process?: 'login' | 'join'; children: ReactElement }) {
  const { outage } = usePartner().config;
  const { pathname } = useLocation();
  if (process && outage[process]) {
    return (
      <OnDemand>
        <OutagePage process={process} />
      </OnDemand>
    );
  }
  if (isOutagePath(pathname, outage.paths)) {
    return (
      <OnDemand>
        <OutagePage process="general" />
      </OnDemand>
    );
  }
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
      return (
        <OnDemand>
          <SignOutPage />
        </OnDemand>
      );
    case 'accountRedirect':
      return <Navigate to="/account/overview" replace />;
  }
}

/**
 * The account centre's frame (members only) loads on demand; its page's blocks start loading at the
 * same moment, so the frame's chunk costs no extra round trip before the page's own.
 */
function AccountRoute({ layout, children }: { layout: string | null; children: ReactNode }) {
  const { pages } = usePartner();
  if (layout !== null && Object.hasOwn(pages, layout)) preloadLayoutCode(pages[layout]);
  return (
    <OnDemand>
      <AccountFrame>{children}</AccountFrame>
    </OnDemand>
  );
}

function elementFor(entry: RouteEntry): ReactElement {
  const page =
    entry.frame === 'account' ? (
      <AccountRoute layout={'layout' in entry.page ? entry.page.layout : null}>{pageFor(entry)}</AccountRoute>
    ) : (
      pageFor(entry)
    );
  // Signing out must always work; every other page can be put under maintenance.
  return 'special' in entry.page && entry.page.special === 'signOut' ? page : <OutageGate process={entry.outage}>{page}</OutageGate>;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

class ErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, resetKey: this.props.resetKey };
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }
  // A new address clears the error without remounting what is inside (the frame keeps its state).
  static getDerivedStateFromProps(props: { resetKey: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: null, resetKey: props.resetKey };
  }
  override render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * The server error page in place of a page that throws while rendering. The router runs in its
 * declarative mode (half the size of the data router, none of whose loaders or actions the app
 * uses), which has no errorElement: this boundary is its stand-in, cleared on every new address.
 */
function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}

function toRouteObject(entry: RouteEntry): RouteObject {
  // Per route too, so a page that throws keeps the frame around the error page.
  const element = <RouteBoundary>{elementFor(entry)}</RouteBoundary>;
  if (entry.path === '/') return { index: true, element };
  return { path: entry.path.replace(/^\//, ''), caseSensitive: entry.caseSensitive ?? false, element };
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
  return [
    {
      element: (
        <RouteBoundary>
          <AppShell />
        </RouteBoundary>
      ),
      children,
    },
  ];
}
