// Saving and publishing one entry: drafts are autosaved shortly after each edit (when valid), and
// on demand; publishing is refused while anything is invalid and then saves and publishes. Writes
// run one after the other, so an autosave never overtakes a publish. A 422 keeps what was typed
// and puts the server's messages at their fields.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError } from '#client/api/http.ts';
import type { CmsContentName } from '#shared/cms.ts';
import type { CmsEditorEntry, CmsEditorProblems } from '#shared/generated/types.ts';
import { entriesKey, entryKey, publishEntry, saveDraft, versionsKey } from './api/entries.ts';
import { atField, type FieldProblem } from './form/problems.ts';

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

const AUTOSAVE_MS = 800;

interface Options {
  group: CmsContentName;
  slug: string;
  entry: CmsEditorEntry;
  fields: Record<string, unknown>;
  revision: number;
  /** Problems the precompiled validators find in the current fields. */
  localProblems: readonly FieldProblem[];
}

export function useEntryWorkflow({ group, slug, entry: initial, fields, revision, localProblems }: Options) {
  const queryClient = useQueryClient();
  const [entry, setEntry] = useState(initial);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [serverProblems, setServerProblems] = useState<FieldProblem[]>([]);
  const [showProblems, setShowProblems] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const savedRevision = useRef(revision);
  const latest = useRef({ fields, revision });
  latest.current = { fields, revision };

  const adopt = useCallback(
    (next: CmsEditorEntry) => {
      setEntry(next);
      queryClient.setQueryData(entryKey(group, slug), next);
      void queryClient.invalidateQueries({ queryKey: entriesKey(group) });
    },
    [queryClient, group, slug],
  );

  const enqueue = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(task, task);
    queue.current = run.catch(() => undefined);
    return run;
  }, []);

  /** Saves the current fields as the draft; false when the server refused them. */
  const save = useCallback(
    () =>
      enqueue(async () => {
        const { fields: current, revision: at } = latest.current;
        if (savedRevision.current === at && !entryNeedsFirstSave(entry)) return true;
        setSaveState('saving');
        try {
          const saved = await saveDraft(group, slug, current);
          savedRevision.current = at;
          setServerProblems([]);
          adopt(saved);
          setSaveState(latest.current.revision === at ? 'saved' : 'unsaved');
          return true;
        } catch (error) {
          setSaveState('failed');
          if (error instanceof HttpError && error.status === 422) {
            const body = error.body as CmsEditorProblems;
            setServerProblems(body.problems.map((p) => atField({ pointer: p.pointer.replace(/^\/fields/, ''), message: p.message })));
            setShowProblems(true);
          }
          return false;
        }
      }),
    [enqueue, group, slug, adopt, entry],
  );

  // Autosave: a valid draft is saved shortly after the last edit.
  useEffect(() => {
    if (revision === savedRevision.current) return;
    setSaveState('unsaved');
    if (localProblems.length > 0) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [revision, localProblems.length, save]);

  const publish = useCallback(
    async (text: { published: string; failed: string; nothing: string }) => {
      setMessage(null);
      if (localProblems.length > 0) {
        setShowProblems(true);
        return false;
      }
      if (!(await save())) return false;
      try {
        const published = await enqueue(() => publishEntry(group, slug));
        adopt(published);
        void queryClient.invalidateQueries({ queryKey: versionsKey(group, slug) });
        setShowProblems(false);
        setMessage({ kind: 'ok', text: text.published });
        return true;
      } catch (error) {
        const nothing = error instanceof HttpError && error.status === 409;
        setMessage({ kind: nothing ? 'ok' : 'error', text: nothing ? text.nothing : text.failed });
        return false;
      }
    },
    [localProblems.length, save, enqueue, group, slug, adopt, queryClient],
  );

  /** After a rollback: the entry as the server now has it; the caller resets its fields. */
  const rolledBack = useCallback(
    (next: CmsEditorEntry, nextRevision: number) => {
      savedRevision.current = nextRevision;
      adopt(next);
      setSaveState('saved');
      setServerProblems([]);
    },
    [adopt],
  );

  return { entry, saveState, serverProblems, showProblems, setShowProblems, message, setMessage, save, publish, rolledBack };
}

/** An entry that has no draft yet needs none saved before publishing only if it was published. */
function entryNeedsFirstSave(entry: CmsEditorEntry): boolean {
  return !entry.has_draft && entry.published === null;
}
