// The editor: sign-in until an editor of this partner is signed in, then the content list and the
// entry editors, under /editor/. An entry's screen (forms, the layout editor, drag and drop, the
// preview) is its own chunk, loaded when an entry is opened. A data router, so an entry's screen can
// hold a navigation while it has unsaved edits (useBlocker in useEntryWorkflow.ts).
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { loadable, useLoadable } from './loadable.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import type { EditorBootstrap } from '#shared/editor-bootstrap.ts';
import { CopyProvider, useT } from './copy.tsx';
import { useEditor } from './api/session.ts';
import { SignIn } from './SignIn.tsx';
import { Shell } from './Shell.tsx';
import { ContentList } from './ContentList.tsx';
import { PartnerProvider } from './partner.tsx';
import styles from './Editor.module.css';

// Not React.lazy (loadable.ts says why): opened straight at an entry (a reload, a link), its code
// loads alongside the session check instead of after it.
const entryPageCode = loadable(() => import('./EntryPage.tsx'));
if (/^\/editor\/content\/[^/]+\/[^/]+/.test(window.location.pathname)) void entryPageCode.load().catch(() => undefined);
const MediaPage = lazy(() => import('./media/MediaLibrary.tsx').then((m) => ({ default: m.MediaPage })));
const Wording = lazy(() => import('./wording/Wording.tsx').then((m) => ({ default: m.Wording })));

export function EditorApp({ bootstrap }: { bootstrap: EditorBootstrap }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 }, mutations: { retry: 0 } } }),
  );
  const [router] = useState(() =>
    createBrowserRouter([
      {
        element: <Gate />,
        children: [
          { path: '/editor', element: <ContentList /> },
          { path: '/editor/content/:group', element: <ContentList /> },
          {
            path: '/editor/content/:group/:slug',
            element: <EntryScreen />,
          },
          {
            path: '/editor/media',
            element: (
              <Lazy>
                <MediaPage />
              </Lazy>
            ),
          },
          {
            path: '/editor/wording',
            element: (
              <Suspense fallback={null}>
                <Wording />
              </Suspense>
            ),
          },
          { path: '*', element: <Navigate to="/editor" replace /> },
        ],
      },
    ]),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <CopyProvider copy={bootstrap.copy}>
        <PartnerProvider partner={bootstrap.partner}>
          <RouterProvider router={router} />
        </PartnerProvider>
      </CopyProvider>
    </QueryClientProvider>
  );
}

function Gate() {
  const t = useT();
  const editor = useEditor();
  if (editor.isPending) {
    return (
      <div className={styles.loading} role="status">
        {t('editor.loading')}
      </div>
    );
  }
  if (editor.isError) {
    return (
      <div className={styles.loading} role="alert">
        {t('editor.loadFailed')}
      </div>
    );
  }
  if (!editor.data) return <SignIn />;
  return (
    <Shell editor={editor.data}>
      <Outlet />
    </Shell>
  );
}

/** The entry screen, its code loaded on first visit, with the editor's loading line meanwhile. */
function EntryScreen() {
  const t = useT();
  const code = useLoadable(entryPageCode);
  if (typeof code === 'string') {
    return (
      <div className={styles.loading} role={code === 'failed' ? 'alert' : 'status'}>
        {t(code === 'failed' ? 'editor.loadFailed' : 'editor.loading')}
      </div>
    );
  }
  return <code.EntryPage />;
}

/** A screen whose code loads on first visit, with the editor's loading line meanwhile. */
function Lazy({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <div className={styles.loading} role="status">
          {t('editor.loading')}
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
