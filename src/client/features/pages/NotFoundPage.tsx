import { useEffect } from 'react';
import { Link } from '#client/ui/Link.tsx';
import { useCopy } from '#client/runtime/index.tsx';
import { useDocumentTitle } from '#client/ui/useDocumentTitle.ts';
import styles from './pages.module.css';

export function NotFoundPage() {
  const copy = useCopy();
  const setTitle = useDocumentTitle();
  const title = copy('notFound.title', 'Page not found');
  useEffect(() => setTitle(title), [setTitle, title]);
  return (
    <main id="main" tabIndex={-1} className={styles.message}>
      <span className={styles.icon} aria-hidden="true">
        <svg viewBox="0 0 48 48" width="44" height="44">
          <circle cx="24" cy="24" r="11" fill="none" stroke="currentColor" strokeWidth="3" />
          <path
            d="M6 8v10a3 3 0 0 0 3 3v19M3.5 8v7M8.5 8v7M42 40V8c-3 1.5-5 6-5 11v4h5"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <h1>{title}</h1>
      <p>{copy('notFound.tagline', 'The page you are looking for has moved or never existed.')}</p>
      <Link className={styles.button} to="/">
        {copy('notFound.homeLink', 'Back to home')}
      </Link>
    </main>
  );
}
