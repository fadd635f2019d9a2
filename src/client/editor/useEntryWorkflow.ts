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
import type { CmsEditorConflict, CmsEditorEntry, CmsEditorProblem } from '#shared/generated/types.ts';
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
import { pageKey, publishPage, rollbackPage as rollbackPageCall, schedulePage } from './api/pages.ts';
import type { PageGroup } from '#shared/page-entries.ts';

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
  /**
   * The entry is this page's layout: publish and schedule act on the page (the layout and the entries
   * its blocks show, together), and rollbackPage restores a page history item.
   */
  page?: PageGroup | undefined;
}

export interface WorkflowText {
  published: string;
  failed: string;
  nothing: string;
  /** Publishing refused because of problems (listed with the form). */
  invalid: string;
}

/** A question the screen has to answer before the workflow goes on (ConfirmDialog). */
export type Question =
  | { kind: 'rollback'; version: number; answer: (yes: boolean) => void }
  | { kind: 'page-rollback'; detail: string; answer: (yes: boolean) => void };

export function useEntryWorkflow({ group, slug, entry: initial, fields, revision, localProblems, onReplaced, applyEdit, page }: Options) {
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
  // A page's publish also carries the entries its blocks show: the server's problems of those
  // entries, as of the last refused publish (the page editor names them by block and field).
  const [otherProblems, setOtherProblems] = useState<CmsEditorProblem[]>([]);
  // Counts publishes refused for problems, so a screen can take the editor to the first one.
  const [refusals, setRefusals] = useState(0);
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
      // What publishing the page carries moves with every save.
      if (page) void queryClient.invalidateQueries({ queryKey: pageKey(page) });
    },
    [queryClient, group, slug, setServerProblems, page],
  );

  /** After a page write: the entries it touched are read again wherever they show. */
  const refreshPageEntries = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['editor', 'entries'] });
    void queryClient.invalidateQueries({ queryKey: ['editor', 'versions'] });
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] === 'entry' && query.queryKey[3] !== slug });
  }, [queryClient, slug]);

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
    setRefusals((n) => n + 1);
    return false;
  }, []);

  /**
   * A 422 of the server: its problems of this entry go to their fields; on a page, the problems of
   * the entries its blocks show are kept for the page editor to list. Answers the server's message
   * when some belong to another entry and this is not a page (the message names them), '' when the
   * screen lists them all, and null when the error was not a 422.
   */
  const refusedAsInvalid = useCallback(
    (error: unknown): string | null => {
      const problems = problemsOf(error);
      if (!problems) return null;
      const mine = problems.filter((p) => (p.content_name ?? group) === group && (p.slug ?? slug) === slug);
      setServerProblems(mine.map(({ pointer, message }) => ({ pointer, message })));
      const others = problems.filter((p) => !mine.includes(p));
      if (page) setOtherProblems(others);
      setShowProblems(mine.length > 0 || (page !== undefined && others.length > 0));
      setRefusals((n) => n + 1);
      return others.length && !page && error instanceof HttpError ? ((error.body as { message?: string } | null)?.message ?? '') : '';
    },
    [group, slug, setServerProblems, page],
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
        const refused = refusedAsInvalid(error);
        if (refused !== null) setMessage({ kind: 'error', text: refused || invalid });
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
        const published = await enqueue(async () => {
          if (!page) return publishEntry(group, slug, baseRevision.current);
          // The page: the layout and the entries its blocks show, in one go.
          await publishPage(page, { [`${group}/${slug}`]: baseRevision.current });
          refreshPageEntries();
          return fetchEntry(group, slug);
        });
        adopt(published);
        void queryClient.invalidateQueries({ queryKey: versionsKey(group, slug) });
        setShowProblems(false);
        setOtherProblems([]);
        setMessage({ kind: 'ok', text: text.published });
        return true;
      } catch (error) {
        if (conflicted(error)) return false;
        const refused = refusedAsInvalid(error);
        if (refused !== null) {
          setMessage({ kind: 'error', text: refused || text.invalid });
          return false;
        }
        const nothing = error instanceof HttpError && error.status === 409;
        setMessage({ kind: nothing ? 'ok' : 'error', text: nothing ? text.nothing : text.failed });
        return false;
      }
    },
    [saveFirst, readyToGoLive, enqueue, group, slug, adopt, queryClient, conflicted, refusedAsInvalid, page, refreshPageEntries],
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
            if (!page) return await scheduleEntry(group, slug, at, baseRevision.current);
            await schedulePage(page, at);
            refreshPageEntries();
            return await fetchEntry(group, slug);
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
    [afterSave, group, slug, page, refreshPageEntries],
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
  const askAbout = useCallback(
    (about: { kind: 'rollback'; version: number } | { kind: 'page-rollback'; detail: string }) =>
      new Promise<boolean>((resolve) => {
        const answer = (yes: boolean) => {
          setQuestion(null);
          resolve(yes);
        };
        setQuestion(about.kind === 'rollback' ? { ...about, answer } : { ...about, answer });
      }),
    [],
  );
  const ask = useCallback((version: number) => askAbout({ kind: 'rollback', version }), [askAbout]);

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
        if (refusedAsInvalid(error) !== null) return false;
        throw error;
      }
    },
    [ask, enqueue, group, slug, replaceWith, queryClient, conflicted, refusedAsInvalid],
  );

  /**
   * Restores the page as a history item left it (layout and entries, live and drafted). Unpublished
   * drafts of the page would be dropped: the server says so and the editor is asked first.
   */
  const rollbackPage = useCallback(
    async (item: number): Promise<boolean> => {
      if (!page) return false;
      // Edits still on their way are the server's first, so it can tell what would be dropped.
      if (latest.current.saveState !== 'saved' && !(await save())) return false;
      const attempt = async (discard: boolean): Promise<boolean> => {
        try {
          await enqueue(() => rollbackPageCall(page, item, discard));
        } catch (error) {
          const body = error instanceof HttpError ? (error.body as { code?: string; message?: string } | null) : null;
          if (!discard && error instanceof HttpError && error.status === 409 && body?.code === 'draft_pending') {
            return (await askAbout({ kind: 'page-rollback', detail: body.message ?? '' })) && attempt(true);
          }
          const refused = refusedAsInvalid(error);
          if (refused === null) throw error;
          setMessage({ kind: 'error', text: refused || body?.message || '' });
          return false;
        }
        return true;
      };
      if (!(await attempt(false))) return false;
      replaceWith(await enqueue(() => fetchEntry(group, slug)), 'published');
      refreshPageEntries();
      void queryClient.invalidateQueries({ queryKey: pageKey(page) });
      return true;
    },
    [page, save, enqueue, askAbout, refusedAsInvalid, replaceWith, group, slug, refreshPageEntries, queryClient],
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
    otherProblems,
    refusals,
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
    rollbackPage,
    page,
    reloadLatest,
  };
}

export type EntryWorkflow = ReturnType<typeof useEntryWorkflow>;

/** An entry that has no draft yet needs none saved before publishing only if it was published. */
function entryNeedsFirstSave(entry: CmsEditorEntry): boolean {
  return !entry.has_draft && entry.published === null;
}
