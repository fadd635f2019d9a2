// Saving and publishing one entry: drafts are autosaved shortly after each edit, valid or not (the
// server keeps an invalid draft with its problems: no edit is lost), and on demand; publishing saves
// first and is refused while anything is invalid, by the form's own check of the shared rules and by
// the server's (422, its messages then show at their fields). Writes run one after the other, so an
// autosave never overtakes a publish. While edits are not saved yet, leaving the screen asks first:
// in-app navigation (useBlocker) and closing or reloading the tab (beforeunload).
//
// Every write names the entry's revision it is based on (the one this screen last read or wrote).
// When someone else changed the entry since, the server writes nothing and answers what changed, by
// whom and when (409 stale). A refused save is kept by the server for this editor (`kept`): the
// screen then shows the newer version with theirs beside it, field by field, to take their own value
// per field (takeMine) and finally drop the kept version (resolveKept); it survives a reload. Any
// other refused write holds the conflict, stops autosaving and offers to reload the latest.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBlocker } from 'react-router';
import { HttpError } from '#client/api/http.ts';
import type { CmsContentName } from '#shared/cms.ts';
import type { CmsEditorConflict, CmsEditorEntry } from '#shared/generated/types.ts';
import {
  cancelScheduledEntry,
  conflictOf,
  discardKept,
  entriesKey,
  entryKey,
  fetchEntry,
  publishEntry,
  rollbackEntry,
  saveDraft,
  scheduleEntry,
  versionsKey,
  problemsOf,
} from './api/entries.ts';
import type { FieldProblem } from './form/problems.ts';
import { putAt, valueAt } from './history/merge.ts';

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
  /** Applies an edit to the fields on screen (undoable, autosaved like any edit). */
  applyEdit: (recipe: (draft: Record<string, unknown>) => void) => void;
}

export interface WorkflowText {
  published: string;
  failed: string;
  nothing: string;
  /** Publishing refused because of problems (listed with the form). */
  invalid: string;
}

/** A question the screen has to answer before the workflow goes on (ConfirmDialog). */
export interface Question {
  kind: 'rollback';
  version: number;
  answer: (yes: boolean) => void;
}

export function useEntryWorkflow({ group, slug, entry: initial, fields, revision, localProblems, onReplaced, applyEdit }: Options) {
  const queryClient = useQueryClient();
  const [entry, setEntry] = useState(initial);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  // What the server found in the stored draft (it also knows which merchants and earn pages exist).
  const [serverProblems, setServerProblemsState] = useState<FieldProblem[]>(() => initial.problems);
  const serverProblemsNow = useRef(serverProblems);
  const setServerProblems = useCallback((next: FieldProblem[]) => {
    serverProblemsNow.current = next;
    setServerProblemsState(next);
  }, []);
  const [question, setQuestion] = useState<Question | null>(null);
  // This editor's own refused save, beside the newer version on screen; and why it was refused.
  const [kept, setKept] = useState(initial.kept);
  const [keptBecause, setKeptBecause] = useState<CmsEditorConflict | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [conflict, setConflict] = useState<CmsEditorConflict | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // Set below: a save refused as stale shows the newer version (replaceWith) from inside its task.
  const replaceWithRef = useRef<(next: CmsEditorEntry, prefer: 'draft' | 'published') => void>(() => undefined);
  const savedRevision = useRef(revision);
  // The server revision every write is based on; moves with each answer this screen adopts.
  const baseRevision = useRef(initial.revision);
  const latest = useRef({ fields, revision, entry, conflict, localProblems, saveState });
  latest.current = { fields, revision, entry, conflict, localProblems, saveState };

  const adopt = useCallback(
    (next: CmsEditorEntry) => {
      baseRevision.current = next.revision;
      setEntry(next);
      setServerProblems(next.problems);
      queryClient.setQueryData(entryKey(group, slug), next);
      void queryClient.invalidateQueries({ queryKey: entriesKey(group) });
    },
    [queryClient, group, slug, setServerProblems],
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
          adopt(saved);
          setSaveState(latest.current.revision === at ? 'saved' : 'unsaved');
          return true;
        } catch (error) {
          // What was typed stays on screen; leaving now asks first.
          setSaveState('failed');
          const found = conflictOf(error);
          if (found?.kept) {
            // Kept by the server: show the newer version, with this one beside it to merge.
            try {
              const newer = await fetchEntry(group, slug);
              replaceWithRef.current(newer, 'draft');
              setKept(newer.kept);
              setKeptBecause(found);
              setMessage(null);
              return false;
            } catch {
              // Not reachable now: hold the conflict (autosave stops) like any other.
            }
          }
          conflicted(error);
          return false;
        }
      }),
    [enqueue, group, slug, adopt, conflicted],
  );

  // Autosave: the draft, valid or not, is saved shortly after the last edit (not while a conflict is open).
  useEffect(() => {
    if (revision === savedRevision.current) return;
    setSaveState('unsaved');
    if (conflict) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [revision, save, conflict]);

  // Edits not on the server yet: closing or reloading the tab asks first.
  const unsaved = saveState !== 'saved' || conflict !== null;
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only with a returnValue.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
  // ... and so does leaving the screen in the app (the Toolbar asks: save and leave, leave, stay).
  const leaving = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);

  /** Clears the message and saves the draft (even an invalid one); false when the save failed. */
  const saveFirst = useCallback(async (): Promise<boolean> => {
    setMessage(null);
    return save();
  }, [save]);

  /** After saving: the problems that keep the draft from going live, listed with the form; true when there are none. */
  const readyToGoLive = useCallback((): boolean => {
    if (latest.current.localProblems.length === 0 && serverProblemsNow.current.length === 0) return true;
    setShowProblems(true);
    return false;
  }, []);

  /** A 422 of the server: its problems of this entry, at their fields. */
  const refusedAsInvalid = useCallback(
    (error: unknown): boolean => {
      const problems = problemsOf(error);
      if (!problems) return false;
      setServerProblems(
        problems
          .filter((p) => (p.content_name ?? group) === group && (p.slug ?? slug) === slug)
          .map(({ pointer, message }) => ({ pointer, message })),
      );
      setShowProblems(true);
      return true;
    },
    [group, slug, setServerProblems],
  );

  /** Runs a write after saving the draft, adopting its answer; false when anything refused it. */
  const afterSave = useCallback(
    async (write: () => Promise<CmsEditorEntry>, failed: string, invalid: string): Promise<boolean> => {
      if (!(await saveFirst())) return false;
      if (!readyToGoLive()) {
        setMessage({ kind: 'error', text: invalid });
        return false;
      }
      try {
        adopt(await enqueue(write));
        setShowProblems(false);
        return true;
      } catch (error) {
        if (refusedAsInvalid(error)) setMessage({ kind: 'error', text: invalid });
        else if (!conflicted(error)) setMessage({ kind: 'error', text: failed });
        return false;
      }
    },
    [saveFirst, readyToGoLive, enqueue, adopt, conflicted, refusedAsInvalid],
  );

  const publish = useCallback(
    async (text: WorkflowText) => {
      if (!(await saveFirst())) {
        if (!latest.current.conflict) setMessage({ kind: 'error', text: text.failed });
        return false;
      }
      if (!readyToGoLive()) {
        setMessage({ kind: 'error', text: text.invalid });
        return false;
      }
      try {
        const published = await enqueue(() => publishEntry(group, slug, baseRevision.current));
        adopt(published);
        void queryClient.invalidateQueries({ queryKey: versionsKey(group, slug) });
        setShowProblems(false);
        setMessage({ kind: 'ok', text: text.published });
        return true;
      } catch (error) {
        if (conflicted(error)) return false;
        if (refusedAsInvalid(error)) {
          setMessage({ kind: 'error', text: text.invalid });
          return false;
        }
        const nothing = error instanceof HttpError && error.status === 409;
        setMessage({ kind: nothing ? 'ok' : 'error', text: nothing ? text.nothing : text.failed });
        return false;
      }
    },
    [saveFirst, readyToGoLive, enqueue, group, slug, adopt, queryClient, conflicted, refusedAsInvalid],
  );

  /**
   * Saves, then schedules the draft as it is now to go live at `at`. Answers the server's message
   * for the time when it refuses it (400 naming publish_at), else null.
   */
  const schedule = useCallback(
    async (at: Date, text: { done: string; failed: string; nothing: string; invalid: string }): Promise<string | null> => {
      let timeProblem: string | null = null;
      const ok = await afterSave(
        async () => {
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
        },
        text.failed,
        text.invalid,
      );
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
      setShowProblems(false);
    },
    [adopt, onReplaced],
  );
  replaceWithRef.current = replaceWith;

  /** Takes one field's value from the kept version into the screen (an edit like any other). */
  const takeMine = useCallback(
    (path: readonly string[]) => {
      if (!kept) return;
      const value = valueAt(kept.fields, path);
      applyEdit((draft) => putAt(draft, path, value));
    },
    [kept, applyEdit],
  );

  /** The kept version is merged (or not wanted): the server drops it. */
  const resolveKept = useCallback(
    async (failed: string) => {
      try {
        await enqueue(() => discardKept(group, slug));
        setKept(null);
        setKeptBecause(null);
      } catch {
        setMessage({ kind: 'error', text: failed });
      }
    },
    [enqueue, group, slug],
  );

  /** Asks the screen a question; resolves with the answer. */
  const ask = useCallback(
    (version: number) =>
      new Promise<boolean>((resolve) =>
        setQuestion({
          kind: 'rollback',
          version,
          answer: (yes) => {
            setQuestion(null);
            resolve(yes);
          },
        }),
      ),
    [],
  );

  /**
   * Publishes a copy of an old version, which becomes the draft too (the next publish keeps it). Edits
   * not yet published (or not yet saved) would be replaced: the editor is asked first.
   */
  const rollback = useCallback(
    async (version: number): Promise<boolean> => {
      const { entry: shown, saveState: state } = latest.current;
      const pending = shown.status === 'changed' || state !== 'saved';
      if (pending && !(await ask(version))) return false;
      try {
        const next = await enqueue(() => rollbackEntry(group, slug, version, baseRevision.current, pending));
        replaceWith(next, 'published');
        void queryClient.invalidateQueries({ queryKey: versionsKey(group, slug) });
        return true;
      } catch (error) {
        if (conflicted(error)) return false;
        if (refusedAsInvalid(error)) return false;
        throw error;
      }
    },
    [ask, enqueue, group, slug, replaceWith, queryClient, conflicted, refusedAsInvalid],
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
    leaving,
    question,
    fields,
    kept,
    keptBecause,
    takeMine,
    resolveKept,
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
