// The server error page (spec 000 §8 "Page errors: server error page"): the router shows it when
// a route throws while rendering or loading. Deliberately plain — no layout, no blocks — so it
// still works when whatever broke the page was a layout or a block.
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { useCopy } from '#client/ui/runtime.tsx';
import { useDocumentTitle } from '#client/ui/useDocumentTitle.ts';
import styles from './pages.module.css';

export function ErrorPage() {
  const error = useRouteError();
  const copy = useCopy();
  const setTitle = useDocumentTitle();
  const title = copy('error.title', 'Something went wrong');
  useEffect(() => setTitle(title), [setTitle, title]);
  useEffect(() => {
    if (error) console.error('[menuboard] page error', error);
  }, [error]);
  return (
    <main id="main" tabIndex={-1} className={styles.message}>
      <h1>{title}</h1>
      <p>{copy('error.text', 'Something went wrong. Please refresh the page and try again.')}</p>
      <Link className={styles.button} to="/" reloadDocument>
        {copy('error.homeLink', 'Back to home')}
      </Link>
    </main>
  );
}
