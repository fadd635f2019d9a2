// /SignOut (spec 000 §2, §4): ends the server session (GET /api/SignOut, keepalive), clears the
// member from the cache and any emulation id, then loads the home page as a new document so no
// state of the signed-in member survives in memory.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from './api/signout.ts';
import { memberChanged } from './api/member-changed.ts';
import { Spinner } from '#client/ui/Spinner.tsx';
import { useDocumentTitle } from '#client/ui/useDocumentTitle.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { clearEmulationId } from './emulation.ts';

export function SignOutPage() {
  const queryClient = useQueryClient();
  const setTitle = useDocumentTitle();
  const started = useRef(false);
  const copy = useCopy();
  const label = copy('frame.signingOut', 'Signing you out…');

  useEffect(() => setTitle('Signing out'), [setTitle]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearEmulationId();
    signOut()
      .catch((error: unknown) => console.error('[menuboard] sign-out failed', error))
      .finally(() => {
        void memberChanged(queryClient, null);
        window.location.assign('/');
      });
  }, [queryClient]);

  return (
    <main id="main" tabIndex={-1}>
      <h1 className="visually-hidden">{label}</h1>
      <Spinner size="lg" label={label} />
    </main>
  );
}
