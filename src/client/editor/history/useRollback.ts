// A rollback button's state, shared by an entry's history and a page's: which item is being rolled
// back (the buttons wait meanwhile), and the error to show when it failed.
import { useState } from 'react';
import { useT } from '../copy.tsx';

export function useRollback(onRollback: (item: number) => Promise<boolean>, refetch: () => Promise<unknown>) {
  const t = useT();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rollback = async (item: number) => {
    setBusy(item);
    setError(null);
    try {
      if (await onRollback(item)) await refetch();
    } catch {
      setError(t('editor.error.generic'));
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, rollback };
}
