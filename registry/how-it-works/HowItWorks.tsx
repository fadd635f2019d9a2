import { useId } from 'react';
import { Link } from '#client/ui/Link.tsx';
import type { HowItWorksProps } from '#shared/generated/types.ts';
import { useCopy, usePartner } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import styles from './HowItWorks.module.css';

const ICONS = [
  // search
  <svg key="search" viewBox="0 0 48 48" aria-hidden="true">
    <circle cx="21" cy="21" r="12" fill="none" stroke="currentColor" strokeWidth="4" />
    <path d="M30 30l10 10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
  </svg>,
  // dine and pay
  <svg key="dine" viewBox="0 0 48 48" aria-hidden="true">
    <rect x="6" y="12" width="36" height="24" rx="4" fill="none" stroke="currentColor" strokeWidth="4" />
    <path d="M6 20h36" stroke="currentColor" strokeWidth="4" />
    <path d="M12 29h8" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
  </svg>,
  // earn
  <svg key="earn" viewBox="0 0 48 48" aria-hidden="true">
    <path
      d="M24 5l5.6 11.6 12.7 1.8-9.2 9 2.2 12.6L24 34l-11.3 6 2.2-12.6-9.2-9 12.7-1.8z"
      fill="none"
      stroke="currentColor"
      strokeWidth="4"
      strokeLinejoin="round"
    />
  </svg>,
];

export function HowItWorks({ headline, steps, linkText }: HowItWorksProps) {
  const copy = useCopy();
  const headingId = useId();
  // A partner without enrolment (a city guide) has no cards to pay with and nothing to earn.
  const enrolment = usePartner().config.enrollmentType !== 'none';
  const shown =
    steps ??
    (enrolment
      ? [
          { title: copy('home.howItWorks.searchTitle', 'Search'), text: copy('home.howItWorks.searchText') },
          { title: copy('home.howItWorks.dineTitle', 'Dine and pay'), text: copy('home.howItWorks.dineText') },
          { title: copy('home.howItWorks.earnTitle', 'Earn'), text: copy('home.howItWorks.earnText') },
        ]
      : [
          { title: copy('home.howItWorks.searchTitle', 'Search'), text: copy('home.howItWorks.searchText') },
          { title: copy('home.howItWorks.guide.dineTitle', 'Go and enjoy'), text: copy('home.howItWorks.guide.dineText') },
        ]);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className={styles.headline}>
          {headline ?? copy('home.howItWorks.title', 'How it works')}
        </h2>
        <ol className={styles.steps}>
          {shown.map((step, i) => (
            <li key={i} className={styles.step}>
              <span className={styles.icon}>{ICONS[i]}</span>
              <span className={styles.number} aria-hidden="true">
                {i + 1}
              </span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.text}>
                <CopyText text={step.text} />
              </p>
            </li>
          ))}
        </ol>
        {linkText && (
          <p className={styles.more}>
            <Link to="/how-it-works">{linkText}</Link>
          </p>
        )}
      </div>
    </section>
  );
}
