// The earn banner (spec 000 §3 "Earn banner: text list"): the programme's basics beside every offer
// on /earn/{slug}, so an offer page also says how earning works. Its entry declares the features it
// needs (seeded: cards), so a partner without cards shows nothing here.
import { useId } from 'react';
import type { EarnBannerProps } from '#shared/generated/types.ts';
import { useCmsEntry, useCopy, useFill } from '#client/runtime/index.tsx';
import styles from './EarnBanner.module.css';
import { CheckIcon } from '#client/ui/icons.tsx';

export function EarnBanner({ slug = 'earn-banner' }: EarnBannerProps) {
  const copy = useCopy();
  const fill = useFill();
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
              <CheckIcon size={20} />
              <span>{fill.text(line)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
