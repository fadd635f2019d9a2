// The header of spec 000 §2 "Page frame": menu button (not on enrolment pages), logo, search icon
// (hidden on /discover paths, disabled on search), the right side for the visitor kind and
// enrolment type (rules.ts headerVariant), and a back link on merchant and account paths.
import { lazy, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Deferred } from '#client/ui/Deferred.tsx';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import { useCopy, useMember, usePartner, useVisitor } from '#client/runtime/index.tsx';
import { BackIcon, MenuIcon, SearchIcon } from './icons.tsx';
import { MemberDropdown } from './MemberDropdown.tsx';
import { FrameLink, SignOutLink } from './FrameLink.tsx';
import { useGlobalFields, useSubstitute } from './navigation.ts';
import { useHideOnScroll } from './useHideOnScroll.ts';
import { headerVariant, isEnrollmentPath, searchIconState, showsBackLink, signInPath } from './rules.ts';
import styles from './Header.module.css';
import { logoSize } from './logo.ts';

// The menu drawer's code loads when it is first opened (or about to be: pointer down, focus).
const loadMobileMenu = () => import('./MobileMenu.tsx');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));
const preloadMobileMenu = () => {
  loadMobileMenu().catch(() => {
    // Opening the menu tries again and shows the failure there.
  });
};

export function Header() {
  const partner = usePartner();
  const copy = useCopy();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [dropdownOpen, setDropdownOpen] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(64);

  useLayoutEffect(() => {
    if (headerRef.current) setHeight(headerRef.current.offsetHeight);
  }, [pathname]);

  // A navigation closes whatever was open.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setMenuOpen(false);
  }

  const hidden = useHideOnScroll(menuOpen || dropdownOpen || focusInside, height);
  // What a sticky part of a page must stay below (the search map): the header's height while shown.
  useEffect(() => {
    document.documentElement.style.setProperty('--header-height', `${hidden ? 0 : height}px`);
  }, [hidden, height]);
  const enrollmentPage = isEnrollmentPath(pathname, partner.config.enrollmentType);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <header
      ref={headerRef}
      className={`${styles.header} ${hidden ? styles.hidden : ''}`}
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocusInside(false);
      }}
    >
      <div className={`container ${styles.bar}`}>
        <div className={styles.start}>
          {!enrollmentPage && (
            <button
              type="button"
              className={styles.iconButton}
              aria-label={copy('frame.openMenu', 'Menu')}
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onPointerDown={preloadMobileMenu}
              onFocus={preloadMobileMenu}
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </button>
          )}
          <Link to="/" className={styles.logo} aria-label={`${partner.theme.logo.alt}, ${copy('frame.home', 'home')}`}>
            <img src={partner.theme.logo.src} alt="" {...logoSize(partner.theme.logo, 40)} />
          </Link>
          {!enrollmentPage && <DesktopNav label={copy('frame.mainNav', 'Main')} />}
        </div>
        <div className={styles.end}>
          <SearchControl pathname={pathname} label={copy('frame.search', 'Search restaurants')} />
          <RightSide pathname={pathname} onDropdownChange={setDropdownOpen} />
        </div>
      </div>
      {showsBackLink(pathname) && <BackLink label={copy('frame.back', 'Back')} />}
      {menuOpen && (
        <Deferred>
          <MobileMenu onClose={closeMenu} />
        </Deferred>
      )}
    </header>
  );
}

/**
 * The CMS navigation links in the bar itself, where there is room for them (1050 px and wider; CSS
 * hides the list below that, where the menu drawer lists the same links). Desktop text, as the
 * drawer uses from 861 px.
 */
function DesktopNav({ label }: { label: string }) {
  const navLinks = useGlobalFields('navbar').nav_links ?? [];
  const sub = useSubstitute();
  const { pathname } = useLocation();
  if (navLinks.length === 0) return null;
  return (
    <nav aria-label={label} className={styles.desktopNav}>
      <ul>
        {navLinks.map((link) => (
          <li key={link.url + link.text_desktop}>
            <FrameLink url={link.url} className={styles.navLink} current={pathname === link.url}>
              {sub(link.text_desktop)}
            </FrameLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SearchControl({ pathname, label }: { pathname: string; label: string }) {
  const state = searchIconState(pathname);
  if (state === 'hidden') return null;
  if (state === 'disabled') {
    // On the search page itself the icon stays in place, visibly inactive and not a link.
    return (
      <button type="button" className={`${styles.iconButton} ${styles.disabled}`} aria-label={label} aria-disabled="true">
        <SearchIcon />
      </button>
    );
  }
  return (
    <Link to="/search" className={styles.iconButton} aria-label={label}>
      <SearchIcon />
    </Link>
  );
}

function RightSide({ pathname, onDropdownChange }: { pathname: string; onDropdownChange: (open: boolean) => void }) {
  const partner = usePartner();
  const visitor = useVisitor();
  const member = useMember();
  const copy = useCopy();
  const { enrollmentType } = partner.config;
  const variant = headerVariant(visitor.kind, enrollmentType, pathname);
  const join = (
    <Link to="/join" className={styles.cta}>
      {copy('frame.join', 'Join now')}
    </Link>
  );
  // On phones (< 451 px) there is no room for logo, menu, search, a text link and a button: the
  // secondary text link (sign in / sign out) is then reached from the menu, where it is listed too.
  const signOut = <SignOutLink className={`${styles.textLink} ${styles.roomy}`}>{copy('frame.signOut', 'Sign out')}</SignOutLink>;

  switch (variant) {
    case 'none':
      return null;
    case 'cardMember':
      return member ? <MemberDropdown member={member} onOpenChange={onDropdownChange} /> : null;
    case 'anonymousDirect':
      return (
        <div className={styles.actions}>
          <Link to={signInPath(enrollmentType)} className={`${styles.textLink} ${styles.roomy}`}>
            {copy('frame.signIn', 'Sign in')}
          </Link>
          {join}
        </div>
      );
    case 'anonymousSso':
      return <div className={styles.actions}>{join}</div>;
    case 'nonCardMember':
      return (
        <div className={styles.actions}>
          {signOut}
          {join}
        </div>
      );
    case 'closedAccount':
    case 'enrollmentSignedIn':
      // The only control on the right: it stays at every width.
      return (
        <div className={styles.actions}>
          <SignOutLink className={styles.textLink}>{copy('frame.signOut', 'Sign out')}</SignOutLink>
        </div>
      );
    case 'enrollmentDirect':
      return (
        <p className={styles.already}>
          <span className={styles.alreadyText}>{copy('frame.alreadyMember', 'Already a member?')}</span>{' '}
          <Link to={signInPath(enrollmentType)} className={styles.textLink}>
            {copy('frame.signIn', 'Sign in')}
          </Link>
        </p>
      );
    case 'enrollmentSso':
      return (
        <p className={styles.already}>
          <span className={styles.alreadyText}>{copy('frame.alreadyMember', 'Already a member?')}</span>{' '}
          <SignOutLink className={styles.textLink}>{copy('frame.signOutOfProgram', 'Sign out of {programName}')}</SignOutLink>
        </p>
      );
  }
}

function BackLink({ label }: { label: string }) {
  const navigate = useNavigate();
  const onClick = () => {
    // The router numbers its history entries; at the first one, "back" would leave the site.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/');
  };
  return (
    <div className={styles.backRow}>
      <div className="container">
        <button type="button" className={styles.back} onClick={onClick}>
          <BackIcon />
          {label}
        </button>
      </div>
    </div>
  );
}
