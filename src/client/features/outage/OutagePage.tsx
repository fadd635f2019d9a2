// Outage mode (spec 000 §2): when partner.config.outage flags /login or /join, this maintenance
// page replaces them; outage.paths put other pages under it too. The text names the affected process
// (login, enrollment, or a general one elsewhere).
import { useEffect } from 'react';
import { Link } from '#client/ui/Link.tsx';
import { useCopy, usePartner } from '#client/runtime/index.tsx';
import { useDocumentTitle } from '#client/ui/useDocumentTitle.ts';
import styles from './OutagePage.module.css';

export type OutageProcess = 'login' | 'join' | 'general';

export const OUTAGE_TITLE = "We're Working On It";

const DEFAULT_TEXT: Record<OutageProcess, string> = {
  login: 'Our login process is having an issue. Our team is working on it. Please check back later.',
  join: 'Our enrollment process is having an issue. Our team is working on it. Please check back later.',
  general: 'One of our processes is having an issue. Our team is working on it. Please check back later.',
};

export function OutagePage({ process }: { process: OutageProcess }) {
  const copy = useCopy();
  const partner = usePartner();
  const setTitle = useDocumentTitle();
  const title = copy('outage.title', OUTAGE_TITLE);
  useEffect(() => setTitle(title), [setTitle, title]);
  return (
    <main id="main" tabIndex={-1} className={styles.page} data-outage={process}>
      <div className={styles.card}>
        <svg className={styles.icon} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <circle cx="32" cy="32" r="30" fill="currentColor" opacity="0.12" />
          <path
            d="M22 42l12-12m-3-9a8 8 0 0 0 10 10l3 3-4 4-3-3a8 8 0 0 0-10-10z"
            fill="none"
            stroke="currentColor"
            strokeWidth="3.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <path d="M18 46l6-6" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
        </svg>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.text}>{copy(`outage.${process}`, DEFAULT_TEXT[process])}</p>
        {partner.config.outage.showHomeLink && (
          <Link className={styles.home} to="/">
            {copy('outage.homeLink', 'Go to the home page')}
          </Link>
        )}
      </div>
    </main>
  );
}
