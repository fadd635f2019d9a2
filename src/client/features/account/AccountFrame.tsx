// The account centre's frame (spec 001 §2, §6): the four tabs as links, the current one marked,
// around the tab's page. Anonymous visitors are sent to the sign-in route of the partner's
// enrolment type and brought back after signing in; an account call answering 401 forgets the
// member (api/unauthorized.ts), which lands here as anonymous and does the same.
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import { rememberLoginRedirect } from '#client/features/session/index.ts';
import { useCopy, useMember, usePartner } from '#client/runtime/index.tsx';
import { accountSignInPath, ACCOUNT_TABS } from './rules.ts';
import { useAccountUnauthorizedWatch } from './api/unauthorized.ts';
import styles from './AccountFrame.module.css';

/** The tab of exactly this path (a trailing slash and letter case aside, as the routes match). */
function isCurrentTab(pathname: string, tabPath: string): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === tabPath.toLowerCase();
}

function SignInFirst() {
  const { pathname, search, hash } = useLocation();
  const { enrollmentType } = usePartner().config;
  const from = `${pathname}${search}${hash}`;
  // The sign-in form returns to state.from; the sso round trip leaves the app, so it needs the
  // stored login redirect instead.
  if (enrollmentType === 'sso') rememberLoginRedirect(from);
  return <Navigate to={accountSignInPath(enrollmentType)} state={{ from }} replace />;
}

export function AccountFrame({ children }: { children: ReactNode }) {
  const member = useMember();
  const copy = useCopy();
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  useAccountUnauthorizedWatch();
  // On a phone the tabs scroll sideways: bring the current one into view, scrolling only as far as
  // needed (a tab already in view, like the first, leaves the list where it is: offsets measured
  // from different parents once scrolled the first tab half away, reading "view").
  useEffect(() => {
    const strip = list.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current) return;
    const box = strip.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    if (tab.left < box.left) strip.scrollLeft -= box.left - tab.left + 16;
    else if (tab.right > box.right) strip.scrollLeft += tab.right - box.right + 16;
  }, [pathname]);
  if (!member) return <SignInFirst />;
  return (
    <>
      <nav className={styles.tabs} aria-label={copy('frame.accountCentre', 'Account centre')}>
        <ul className={styles.list} ref={list}>
          {ACCOUNT_TABS.map((tab) => (
            <li key={tab.path}>
              <Link to={tab.path} className={styles.tab} aria-current={isCurrentTab(pathname, tab.path) ? 'page' : undefined}>
                {copy(tab.copyKey, tab.fallback)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </>
  );
}
