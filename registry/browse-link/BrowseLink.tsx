// A prominent call to action that leads to browsing restaurants (the default home's browse link).
import { Link } from '#client/ui/Link.tsx';
import type { BrowseLinkProps } from '#shared/generated/types.ts';
import { CopyText } from '#client/ui/CopyText.tsx';
import styles from './BrowseLink.module.css';

export function BrowseLink({ text, to = '/search', description }: BrowseLinkProps) {
  return (
    <section className={styles.section} aria-label={text}>
      <div className="container">
        <div className={styles.panel}>
          <span className={styles.icon} aria-hidden="true">
            <svg viewBox="0 0 48 48" width="32" height="32">
              <path
                d="M14 6v14a4 4 0 0 0 4 4v18M10 6v10M18 6v10M34 42V6c-4 2-7 8-7 15v5h7"
                fill="none"
                stroke="currentColor"
                strokeWidth="3.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          {description && (
            <p className={styles.description}>
              <CopyText text={description} />
            </p>
          )}
          <Link to={to} className={styles.cta}>
            {text}
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M5 12h13M13 6l6 6-6 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </Link>
        </div>
      </div>
    </section>
  );
}
