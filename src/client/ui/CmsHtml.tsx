// HTML from the CMS (footer disclaimer, popup body, earn and legal pages). The server sanitises
// every CMS HTML field (src/server/cms-sanitize.ts) on write and on read, so this markup carries no
// script, event handlers or javascript: URLs — that is what makes dangerouslySetInnerHTML acceptable.
// App paths inside it navigate through the router instead of reloading the document.
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import styles from './CmsHtml.module.css';

export interface CmsHtmlProps {
  html: string;
  className?: string;
  /** The element it is: a sidebar's text is an aside. */
  as?: 'div' | 'aside';
  /** Set apart in a bordered panel, as text beside a page's main content is. */
  panel?: boolean;
  /** Runs for any link click inside (before navigation), e.g. to dismiss a popup. */
  onLinkClick?: () => void;
}

/** An app path (`/earn`), not another site (`//host`) or scheme. */
function isAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export function CmsHtml({ html, className, as: Tag = 'div', panel = false, onLinkClick }: CmsHtmlProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    if (!anchor) return;
    onLinkClick?.();
    const href = anchor.getAttribute('href') ?? '';
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (plainClick && isAppPath(href) && anchor.target !== '_blank') {
      event.preventDefault();
      void navigate(href);
    }
  };
  // No key handler needed: Enter on a link inside fires a click.
  const classes = [panel ? styles.panel : undefined, className].filter(Boolean).join(' ') || undefined;
  return <Tag className={classes} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
