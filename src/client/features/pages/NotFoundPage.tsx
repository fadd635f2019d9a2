import { useEffect } from 'react';
import { Link } from 'react-router';
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
      <h1>{title}</h1>
      <p>{copy('notFound.tagline', 'The page you are looking for has moved or never existed.')}</p>
      <Link className={styles.button} to="/">
        {copy('notFound.homeLink', 'Back to home')}
      </Link>
    </main>
  );
}
