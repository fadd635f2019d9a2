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
  /**
   * The level the text's own top heading takes in the page's outline (2 under the page's h1). An
   * editor writes headings without knowing what stands above the text on each page; set, the
   * headings keep their order among themselves and start here, so the outline skips no level.
   */
  headingLevel?: 2 | 3 | 4;
}

const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>])/gi;

/**
 * Moves every heading of sanitised CMS HTML by the same number of levels, so its top heading has
 * `level` (at most h6). Text without headings is unchanged.
 */
export function headingsFrom(html: string, level: number): string {
  let top = 7;
  for (const match of html.matchAll(HEADING_TAG)) top = Math.min(top, Number(match[2]));
  if (top === 7 || top === level) return html;
  return html.replace(HEADING_TAG, (_tag, close: string, n: string) => `<${close}h${Math.min(6, Number(n) - top + level)}`);
}

/** An app path (`/earn`), not another site (`//host`) or scheme. */
function isAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export function CmsHtml({ html, className, as: Tag = 'div', panel = false, onLinkClick, headingLevel }: CmsHtmlProps) {
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
  return (
    <Tag
      className={classes}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: headingLevel ? headingsFrom(html, headingLevel) : html }}
    />
  );
}
