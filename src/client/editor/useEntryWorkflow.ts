// Saving and publishing one entry: drafts are autosaved shortly after each edit (when valid), and
// on demand; publishing is refused while anything is invalid and then saves and publishes. Writes
// run one after the other, so an autosave never overtakes a publish. A 422 keeps what was typed
// and puts the server's messages at their fields.
//
// Every write names the entry's revision it is based on (the one this screen last read or wrote).
// When someone else changed the entry since, the server writes nothing and answers what changed, by
// whom and when (409 stale): the workflow holds that conflict, stops autosaving, and offers to
// reload the latest version (the caller replaces its fields with it).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError } from '#client/api/http.ts';
import type { CmsContentName } from '#shared/cms.ts';
import type { CmsEditorConflict, CmsEditorEntry, CmsEditorProblems } from '#shared/generated/types.ts';
import {
  cancelScheduledEntry,
  conflictOf,
  entriesKey,
  entryKey,
  fetchEntry,
  publishEntry,
  rollbackEntry,
  saveDraft,
  scheduleEntry,
  versionsKey,
} from './api/entries.ts';
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
  /**
   * The entry was replaced from the server (rollback, reload after a conflict): the caller shows
   * `fields` and answers the undo revision it now has (it resets its history).
   */
  onReplaced: (fields: Record<string, unknown>) => number;
}

export interface WorkflowText {
  published: string;
  failed: string;
  nothing: string;
}

export function useEntryWorkflow({ group, slug, entry: initial, fields, revision, localProblems, onReplaced }: Options) {
  const queryClient = useQueryClient();
  const [entry, setEntry] = useState(initial);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [serverProblems, setServerProblems] = useState<FieldProblem[]>([]);
  const [showProblems, setShowProblems] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [conflict, setConflict] = useState<CmsEditorConflict | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const savedRevision = useRef(revision);
  // The server revision every write is based on; moves with each answer this screen adopts.
  const baseRevision = useRef(initial.revision);
  const latest = useRef({ fields, revision, entry, conflict });
  latest.current = { fields, revision, entry, conflict };

  const adopt = useCallback(
    (next: CmsEditorEntry) => {
      baseRevision.current = next.revision;
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

  /** A refused write: remember the conflict (true), or false when it was another error. */
  const conflicted = useCallback((error: unknown): boolean => {
    const found = conflictOf(error);
    if (!found) return false;
    setConflict(found);
    setMessage(null);
    return true;
  }, []);

  /** Saves the current fields as the draft; false when the server refused them. */
  const save = useCallback(
    () =>
      enqueue(async () => {
        const { fields: current, revision: at, entry: shown, conflict: blocked } = latest.current;
        if (blocked) return false;
        if (savedRevision.current === at && !entryNeedsFirstSave(shown)) return true;
        setSaveState('saving');
        try {
          const saved = await saveDraft(group, slug, current, baseRevision.current);
          savedRevision.current = at;
          setServerProblems([]);
          adopt(saved);
          setSaveState(latest.current.revision === at ? 'saved' : 'unsaved');
          return true;
        } catch (error) {
          setSaveState('failed');
          if (conflicted(error)) return false;
          if (error instanceof HttpError && error.status === 422) {
            const body = error.body as CmsEditorProblems;
            setServerProblems(body.problems.map((p) => atField({ pointer: p.pointer.replace(/^\/fields/, ''), message: p.message })));
            setShowProblems(true);
          }
          return false;
        }
      }),
    [enqueue, group, slug, adopt, conflicted],
  );

  // Autosave: a valid draft is saved shortly after the last edit (not while a conflict is open).
  useEffect(() => {
    if (revision === savedRevision.current) return;
    setSaveState('unsaved');
    if (localProblems.length > 0 || conflict) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [revision, localProblems.length, save, conflict]);

  /** Clears the message and saves the draft; false (problems listed) when it is invalid or the save failed. */
  const saveFirst = useCallback(async (): Promise<boolean> => {
    setMessage(null);
    if (localProblems.length > 0) {
      setShowProblems(true);
      return false;
    }
    return save();
  }, [localProblems.length, save]);

  /** Runs a write after saving the draft, adopting its answer; false when anything refused it. */
  const afterSave = useCallback(
    async (write: () => Promise<CmsEditorEntry>, failed: string): Promise<boolean> => {
      if (!(await saveFirst())) return false;
      try {
        adopt(await enqueue(write));
        setShowProblems(false);
        return true;
      } catch (error) {
        if (!conflicted(error)) setMessage({ kind: 'error', text: failed });
        return false;
      }
    },
    [saveFirst, enqueue, adopt, conflicted],
  );

  const publish = useCallback(
    async (text: WorkflowText) => {
      if (!(await saveFirst())) return false;
      try {
        const published = await enqueue(() => publishEntry(group, slug, baseRevision.current));
        adopt(published);
        setServerProblems([]);
        void queryClient.invalidateQueries({ queryKey: versionsKey(group, slug) });
        setShowProblems(false);
        setMessage({ kind: 'ok', text: text.published });
        return true;
      } catch (error) {
        if (conflicted(error)) return false;
        // A publish rule the server enforces (an image without alt text): listed like a save's problems.
        if (error instanceof HttpError && error.status === 422) {
          const body = error.body as CmsEditorProblems;
          setServerProblems(body.problems.map((p) => atField({ pointer: p.pointer.replace(/^\/fields/, ''), message: p.message })));
          setShowProblems(true);
          return false;
        }
        const nothing = error instanceof HttpError && error.status === 409;
        setMessage({ kind: nothing ? 'ok' : 'error', text: nothing ? text.nothing : text.failed });
        return false;
      }
    },
    [saveFirst, enqueue, group, slug, adopt, queryClient, conflicted],
  );

  /**
   * Saves, then schedules the draft as it is now to go live at `at`. Answers the server's message
   * for the time when it refuses it (400 naming publish_at), else null.
   */
  const schedule = useCallback(
    async (at: Date, text: { done: string; failed: string; nothing: string }): Promise<string | null> => {
      let timeProblem: string | null = null;
      const ok = await afterSave(async () => {
        try {
          return await scheduleEntry(group, slug, at, baseRevision.current);
        } catch (error) {
          if (error instanceof HttpError && error.status === 400) {
            const errors = (error.body as { errors?: Array<{ field?: string; message?: string }> } | null)?.errors ?? [];
            timeProblem = errors.find((e) => e.field === 'publish_at')?.message ?? null;
          }
          if (error instanceof HttpError && error.status === 409 && !conflictOf(error)) timeProblem = text.nothing;
          throw error;
        }
      }, text.failed);
      if (ok) setMessage({ kind: 'ok', text: text.done });
      else if (timeProblem) setMessage(null);
      return timeProblem;
    },
    [afterSave, group, slug],
  );

  const cancelSchedule = useCallback(
    async (text: { done: string; failed: string }) => {
      setMessage(null);
      try {
        adopt(await enqueue(() => cancelScheduledEntry(group, slug, baseRevision.current)));
        setMessage({ kind: 'ok', text: text.done });
      } catch (error) {
        if (!conflicted(error)) setMessage({ kind: 'error', text: text.failed });
      }
    },
    [enqueue, group, slug, adopt, conflicted],
  );

  /** Shows `next` as the entry: its fields replace the screen's, with a fresh undo history. */
  const replaceWith = useCallback(
    (next: CmsEditorEntry, prefer: 'draft' | 'published') => {
      const nextFields = prefer === 'draft' ? (next.draft ?? next.published) : (next.published ?? next.draft);
      savedRevision.current = onReplaced(structuredClone(nextFields ?? {}));
      adopt(next);
      setSaveState('saved');
      setServerProblems([]);
      setShowProblems(false);
    },
    [adopt, onReplaced],
  );

  /** Publishes a copy of an old version; the screen then shows the rolled-back version. */
  const rollback = useCallback(
    async (version: number): Promise<boolean> => {
      try {
        const next = await enqueue(() => rollbackEntry(group, slug, version, baseRevision.current));
        replaceWith(next, 'published');
        void queryClient.invalidateQueries({ queryKey: versionsKey(group, slug) });
        return true;
      } catch (error) {
        if (!conflicted(error)) throw error;
        return false;
      }
    },
    [enqueue, group, slug, replaceWith, queryClient, conflicted],
  );

  /** After a conflict: the entry as the server has it now replaces the screen's unsaved changes. */
  const reloadLatest = useCallback(
    async (failed: string) => {
      try {
        const next = await enqueue(() => fetchEntry(group, slug));
        setConflict(null);
        replaceWith(next, 'draft');
        void queryClient.invalidateQueries({ queryKey: versionsKey(group, slug) });
      } catch {
        setMessage({ kind: 'error', text: failed });
      }
    },
    [enqueue, group, slug, replaceWith, queryClient],
  );

  return {
    entry,
    saveState,
    serverProblems,
    showProblems,
    setShowProblems,
    message,
    setMessage,
    conflict,
    save,
    publish,
    schedule,
    cancelSchedule,
    rollback,
    reloadLatest,
  };
}

export type EntryWorkflow = ReturnType<typeof useEntryWorkflow>;

/** An entry that has no draft yet needs none saved before publishing only if it was published. */
function entryNeedsFirstSave(entry: CmsEditorEntry): boolean {
  return !entry.has_draft && entry.published === null;
}
