// The menu behind the header's menu button: a drawer with, in the spec's order (000 §2), the
// join/sign-in group, the CMS navigation links, footer primary links, footer secondary links and
// sign-out for members. CMS navigation uses text_desktop from 861 px (the desktop breakpoint) and
// text_mobile below.
import { Link } from '#client/ui/Link.tsx';
import { Modal } from '#client/ui/Modal.tsx';
import { useCopy, usePartner, useVisitor } from '#client/runtime/index.tsx';
import { useIsDesktop } from '#client/lib/useMediaQuery.ts';
import { FrameLink, SignOutLink } from './FrameLink.tsx';
import { SignOutIcon, UserIcon } from './icons.tsx';
import { useGlobalFields, useSubstitute } from './navigation.ts';
import { isSignedIn, menuAccountGroup, signInPath } from './rules.ts';
import styles from './MobileMenu.module.css';

export function MobileMenu({ onClose }: { onClose: () => void }) {
  const copy = useCopy();
  const partner = usePartner();
  const visitor = useVisitor();
  const desktop = useIsDesktop();
  const sub = useSubstitute();
  const navbar = useGlobalFields('navbar');
  const footer = useGlobalFields('footer');
  const { enrollmentType } = partner.config;
  const group = menuAccountGroup(visitor.kind, enrollmentType);

  const navLinks = navbar.nav_links ?? [];
  const primary = footer.primary_links ?? [];
  const secondary = footer.secondary_links ?? [];

  return (
    <Modal variant="drawer" title={copy('frame.menu', 'Menu')} closeLabel={copy('frame.closeMenu', 'Close menu')} onClose={onClose}>
      <nav aria-label={copy('frame.menuNav', 'Site menu')} className={styles.menu}>
        {group !== 'none' && (
          <div className={styles.account}>
            {group === 'accountCentre' && (
              <Link to="/account/overview" className={styles.primaryButton} onClick={onClose}>
                <UserIcon />
                {copy('frame.accountCentre', 'Account centre')}
              </Link>
            )}
            {group === 'join' && (
              <Link to="/join" className={styles.primaryButton} onClick={onClose}>
                {copy('frame.join', 'Join now')}
              </Link>
            )}
            {group === 'signInAndJoin' && (
              <>
                <Link to="/join" className={styles.primaryButton} onClick={onClose}>
                  {copy('frame.join', 'Join now')}
                </Link>
                <Link to={signInPath(enrollmentType)} className={styles.secondaryButton} onClick={onClose}>
                  {copy('frame.signIn', 'Sign in')}
                </Link>
              </>
            )}
          </div>
        )}
        {navLinks.length > 0 && (
          <ul className={styles.list} aria-label={copy('frame.menuExplore', 'Explore')}>
            {navLinks.map((link) => (
              <li key={link.url + link.text_mobile}>
                <FrameLink url={link.url} className={styles.navLink} onClick={onClose}>
                  {sub(desktop ? link.text_desktop : link.text_mobile)}
                </FrameLink>
              </li>
            ))}
          </ul>
        )}
        <LinkList links={primary} label={copy('frame.menuAbout', 'About')} className={styles.list} onClose={onClose} />
        <LinkList
          links={secondary}
          label={copy('frame.menuLegal', 'Legal')}
          className={`${styles.list} ${styles.small}`}
          onClose={onClose}
        />
        {isSignedIn(visitor.kind) && enrollmentType !== 'none' && (
          <div className={styles.signOut}>
            <SignOutLink className={styles.link}>
              <SignOutIcon />
              {copy('frame.signOut', 'Sign out')}
            </SignOutLink>
          </div>
        )}
      </nav>
    </Modal>
  );
}

/** A labelled list of footer links (text with copy placeholders); nothing when there are none. */
function LinkList({
  links,
  label,
  className,
  onClose,
}: {
  links: readonly { text: string; url: string }[];
  label: string;
  className: string | undefined;
  onClose: () => void;
}) {
  const sub = useSubstitute();
  if (links.length === 0) return null;
  return (
    <ul className={className} aria-label={label}>
      {links.map((link) => (
        <li key={link.url + link.text}>
          <FrameLink url={link.url} className={styles.link} onClick={onClose}>
            {sub(link.text)}
          </FrameLink>
        </li>
      ))}
    </ul>
  );
}
