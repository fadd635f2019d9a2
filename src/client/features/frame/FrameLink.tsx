// A link from CMS or partner data: an app path goes through the router, anything else is a plain
// link; a new tab is announced to screen readers.
import type { ReactNode } from 'react';
import { Link } from '#client/ui/Link.tsx';
import { safeCmsUrl } from '#shared/safe-url.ts';
import { isInternalUrl } from './rules.ts';

export interface FrameLinkProps {
  url: string;
  children: ReactNode;
  className?: string;
  newTab?: boolean;
  onClick?: () => void;
  /** The link points at the page being shown (aria-current="page"). */
  current?: boolean;
}

export function FrameLink({ url: given, children, className, newTab = false, onClick, current = false }: FrameLinkProps) {
  // A stored javascript:, data: or //host link is not rendered at all (src/shared/safe-url.ts).
  const url = safeCmsUrl(given);
  if (url === null) return null;
  if (isInternalUrl(url) && !newTab) {
    return (
      <Link to={url} className={className} onClick={onClick} aria-current={current ? 'page' : undefined}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url} className={className} onClick={onClick} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
      {newTab && <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}

/** Signing out reloads the document (spec 000 §2): a plain link, never a router navigation. */
export function SignOutLink({ className, children, onClick }: { className?: string; children: ReactNode; onClick?: () => void }) {
  return (
    <a href="/SignOut" className={className} onClick={onClick}>
      {children}
    </a>
  );
}
