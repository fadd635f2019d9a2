import { Link, useLocation } from 'react-router';
import { useCopy, useMember, usePartner } from '#client/ui/runtime.tsx';
import styles from './Frame.module.css';

export function Header() {
  const partner = usePartner();
  const member = useMember();
  const copy = useCopy();
  const { pathname } = useLocation();
  const { enrollmentType } = partner.config;
  const signInPath = enrollmentType === 'sso' ? '/Login' : '/login';
  return (
    <header className={styles.header}>
      <div className={`container ${styles.headerInner}`}>
        <Link to="/" className={styles.logo}>
          <img src={partner.theme.logo.src} alt={partner.theme.logo.alt} height={40} />
        </Link>
        <nav className={styles.nav} aria-label="Main">
          {!pathname.includes('/discover') && (
            <Link to="/search" className={styles.iconLink} aria-label={copy('frame.search', 'Search restaurants')}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
                <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </Link>
          )}
          {enrollmentType !== 'none' && !member && (
            <>
              {enrollmentType === 'direct' && (
                <Link to={signInPath} className={styles.textLink}>
                  {copy('frame.signIn', 'Sign in')}
                </Link>
              )}
              <Link to="/join" className={styles.cta}>
                {copy('frame.join', 'Join now')}
              </Link>
            </>
          )}
          {member && (
            <span className={styles.greeting}>
              {member.firstName} {member.lastName}
            </span>
          )}
        </nav>
      </div>
    </header>
  );
}
