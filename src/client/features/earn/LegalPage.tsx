// /terms and /privacy: one entry of the CMS legal group (a group we added; the spec names the
// links but not their pages), so each partner's legal text is edited, previewed and versioned in
// the CMS like any other content. An entry the CMS lacks shows the Not Found page.
import { useId } from 'react';
import { Link } from '#client/ui/Link.tsx';
import type { CmsLegalFields } from '#shared/generated/types.ts';
import { validateCmsLegal } from '#shared/generated/validators/validateCmsLegal.js';
import { CmsHtml } from '#client/ui/CmsHtml.tsx';
import { copyLinkHref } from '#client/ui/CopyText.tsx';
import { useFill, useCmsEntries, useCmsEntry, useCopy, usePartner } from '#client/runtime/index.tsx';
import { useBlockTitle } from './content.ts';
import { PageNotFound } from './PageNotFound.tsx';
import styles from './Earn.module.css';

/** 2026-01-15 -> "January 15, 2026" (the date is a calendar day: formatted in UTC, never shifted). */
function formatDay(day: string): string | null {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** Legal entries that have a route of their own (#shared/routes.ts). */
const LEGAL_PATHS: Readonly<Record<string, string>> = { terms: '/terms', privacy: '/privacy' };

export function LegalPage({ slug }: { slug: string }) {
  const fields: unknown = useCmsEntry('legal', slug)?.fields;
  return validateCmsLegal(fields) ? <Legal slug={slug} fields={fields} /> : <PageNotFound />;
}

function Legal({ slug, fields }: { slug: string; fields: CmsLegalFields }) {
  const copy = useCopy();
  const fill = useFill();
  const title = fill.text(fields.title);
  useBlockTitle(fields.browser_title ? fill.text(fields.browser_title) : title);
  const updated = fields.updated ? formatDay(fields.updated) : null;
  return (
    <article className={styles.legal}>
      <header className={`container ${styles.legalHeader}`}>
        <h1 className={styles.legalTitle}>{title}</h1>
        {fields.intro && <p className={styles.lead}>{fill.text(fields.intro)}</p>}
        {updated && fields.updated && (
          <p className={styles.updated}>
            {copy('legal.updated', 'Last updated')} <time dateTime={fields.updated}>{updated}</time>
          </p>
        )}
      </header>
      <div className={`container ${styles.legalLayout}`}>
        <CmsHtml className={`${styles.prose} ${styles.legalBody}`} html={fill.html(fields.body)} />
        <Related current={slug} />
      </div>
    </article>
  );
}

/** The other legal pages, the explanation page and the support contacts, beside the text. */
function Related({ current }: { current: string }) {
  const copy = useCopy();
  const fill = useFill();
  const headingId = useId();
  const others = useCmsEntries('legal').flatMap((entry) => {
    const path = LEGAL_PATHS[entry.slug];
    const fields: unknown = entry.fields;
    return entry.slug !== current && path && validateCmsLegal(fields) ? [{ path, title: fill.text(fields.title) }] : [];
  });
  const partner = usePartner();
  const { config } = partner;
  const emailHref = copyLinkHref('supportEmail', partner);
  const newTab = /^https?:/.test(emailHref);
  return (
    <aside className={styles.related} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.relatedTitle}>
        {copy('legal.related', 'Related')}
      </h2>
      <ul className={styles.relatedLinks}>
        {others.map((other) => (
          <li key={other.path}>
            <Link to={other.path}>{other.title}</Link>
          </li>
        ))}
        <li>
          <Link to="/how-it-works">{copy('earn.howItWorksLink', 'How it works')}</Link>
        </li>
      </ul>
      <h2 className={styles.relatedTitle}>{copy('legal.questions', 'Questions?')}</h2>
      <ul className={styles.relatedLinks}>
        <li>
          <a href={config.customerSupport.phone.href}>{config.customerSupport.phone.formatted}</a>
        </li>
        <li>
          <a href={emailHref} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {config.customerSupport.email.display}
            {newTab && <span className="visually-hidden"> {copy('frame.newTab', '(opens in a new tab)')}</span>}
          </a>
        </li>
      </ul>
    </aside>
  );
}
