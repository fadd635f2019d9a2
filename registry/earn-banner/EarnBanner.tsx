// The earn banner (spec 000 §3 "Earn banner: text list"): the programme's basics beside every offer
// on /earn/{slug}, so an offer page also says how earning works. Its entry declares the features it
// needs (seeded: cards), so a partner without cards shows nothing here.
import { useId } from 'react';
import type { EarnBannerProps } from '#shared/generated/types.ts';
import { substitute } from '#shared/copy.ts';
import { useCmsEntry, useCopy, useRuntime } from '#client/runtime/index.tsx';
import styles from './EarnBanner.module.css';

export function EarnBanner({ slug = 'earn-banner' }: EarnBannerProps) {
  const copy = useCopy();
  const { placeholders } = useRuntime();
  const headingId = useId();
  const text: unknown = useCmsEntry('earn_banner', slug)?.fields.text;
  const lines = Array.isArray(text) ? text.filter((line): line is string => typeof line === 'string' && line.trim() !== '') : [];
  if (lines.length === 0) return null;
  return (
    <section className={`container ${styles.section}`} aria-labelledby={headingId}>
      <div className={styles.banner}>
        <h2 id={headingId} className={styles.title}>
          {copy('earn.banner.title', 'How earning works')}
        </h2>
        <ul className={styles.list}>
          {lines.map((line, i) => (
            <li key={i}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M5 12.5l4.5 4.5L19 7.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span>{substitute(line, placeholders)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
