// The server error page (spec 000 §8 "Page errors: server error page"): the router shows it when
// a route throws while rendering (the route boundary in app/routes.tsx). Deliberately plain — no layout, no blocks — so it
// still works when whatever broke the page was a layout or a block.
import { useEffect } from 'react';
import { useCopy } from '#client/runtime/index.tsx';
import { useDocumentTitle } from '#client/ui/useDocumentTitle.ts';
import styles from './pages.module.css';

/**
 * The same message outside the router: the app could not tell who is signed in (the server is
 * unavailable), so no page can render yet.
 */
export function ServiceErrorPage() {
  const copy = useCopy();
  const title = copy('error.title', 'Something went wrong');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main id="main" tabIndex={-1} className={styles.message}>
      <h1>{title}</h1>
      <p>{copy('error.text', 'Something went wrong. Please refresh the page and try again.')}</p>
      <a className={styles.button} href="/">
        {copy('error.homeLink', 'Back to home')}
      </a>
    </main>
  );
}

/** The page (or the frame) threw `error` while rendering. */
export function ErrorPage({ error }: { error?: unknown }) {
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
      {/* A whole new document, not a client-side navigation: whatever broke starts over. */}
      <a className={styles.button} href="/">
        {copy('error.homeLink', 'Back to home')}
      </a>
    </main>
  );
}
