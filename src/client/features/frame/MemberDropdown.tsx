// The card member's menu in the header: greeting with first and last name, the email, the account
// links and sign-out. A disclosure (button + panel of links) rather than an ARIA menu: plain links
// keep the browser's link behaviour and work with every screen reader.
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from '#client/ui/Link.tsx';
import type { Member } from '#shared/generated/types.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { ChevronDownIcon, SignOutIcon } from './icons.tsx';
import { SignOutLink } from './FrameLink.tsx';
import { useDismissable } from './useDismissable.ts';
import styles from './Header.module.css';

export const ACCOUNT_LINKS = [
  { key: 'frame.account.overview', fallback: 'Account Overview', to: '/account/overview' },
  { key: 'frame.account.activity', fallback: 'Reviews & History', to: '/account/recent_activity' },
  { key: 'frame.account.cards', fallback: 'Linked Cards', to: '/account/manage_cards' },
  { key: 'frame.account.profile', fallback: 'Profile', to: '/account/user_profile' },
] as const;

function initials(member: Member): string {
  return `${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.toUpperCase();
}

export function MemberDropdown({ member, onOpenChange }: { member: Member; onOpenChange?: (open: boolean) => void }) {
  const copy = useCopy();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const change = useCallback(
    (next: boolean) => {
      setOpen(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  const close = useCallback(
    (returnFocus: boolean) => {
      change(false);
      if (returnFocus) button.current?.focus();
    },
    [change],
  );
  useDismissable(open, root, close);

  const name = `${member.firstName} ${member.lastName}`.trim();
  return (
    <div className={styles.dropdown} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.memberButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => change(!open)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initials(member)}
        </span>
        <span className={styles.greeting}>
          {copy('frame.greeting', 'Hi,')} {name}
        </span>
        <span className={`${styles.chevron} ${open ? styles.chevronOpen : ''}`}>
          <ChevronDownIcon />
        </span>
      </button>
      <div id={panelId} className={styles.dropdownPanel} hidden={!open}>
        <div className={styles.dropdownWho}>
          <p className={styles.dropdownName}>{name}</p>
          <p className={styles.dropdownEmail}>{member.email}</p>
        </div>
        <ul className={styles.dropdownList}>
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.dropdownItem} onClick={() => close(false)}>
                {copy(link.key, link.fallback)}
              </Link>
            </li>
          ))}
        </ul>
        <SignOutLink className={`${styles.dropdownItem} ${styles.dropdownSignOut}`}>
          <SignOutIcon />
          {copy('frame.signOut', 'Sign out')}
        </SignOutLink>
      </div>
    </div>
  );
}
