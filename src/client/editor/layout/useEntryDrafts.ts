// The CMS entries a page's blocks show (a banner's words, link and picture), edited from the page
// editor: in the block panel or in place in the preview. Each edited entry is kept here, shown in
// the preview at once, and saved as that entry's draft shortly after the last keystroke, based on
// the entry's revision (a 409 says someone else changed it; nothing of theirs is overwritten).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { produce } from 'immer';
import type { CmsContentName } from '#shared/cms.ts';
import type { CmsEditorEntry } from '#shared/generated/types.ts';
import type { PreviewEntry } from '#shared/preview-messages.ts';
import { conflictOf, entriesKey, entryKey, saveDraft } from '../api/entries.ts';
import type { Path } from '../form/SchemaForm.tsx';
import { setAtPath } from '../undoable.ts';

export type EntryDraftState = 'saved' | 'unsaved' | 'saving' | 'failed' | 'conflict';

export interface EntryDraft {
  group: CmsContentName;
  slug: string;
  fields: Record<string, unknown>;
  state: EntryDraftState;
}

const AUTOSAVE_MS = 800;
export const entryDraftKey = (group: CmsContentName, slug: string) => `${group}/${slug}`;

/** An entry's fields as the editor starts from: its draft, else what is live. */
export function entryFields(entry: CmsEditorEntry): Record<string, unknown> {
  return structuredClone(entry.draft ?? entry.published ?? {}) as Record<string, unknown>;
}

export interface EntryDrafts {
  drafts: ReadonlyMap<string, EntryDraft>;
  /** Sets one field of an entry (the entry as loaded is where its first edit starts). */
  change: (entry: { group: CmsContentName; slug: string; loaded: CmsEditorEntry }, path: Path, value: unknown) => void;
  /** The edited entries, for the preview. */
  previewEntries: PreviewEntry[];
  /** Whether any edit is not saved yet. */
  pending: boolean;
}

export function useEntryDrafts(): EntryDrafts {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<ReadonlyMap<string, EntryDraft>>(new Map());
  const latest = useRef(drafts);
  latest.current = drafts;
  // Per entry: the revision the next write is based on, its autosave timer, whether a save runs.
  const revisions = useRef(new Map<string, number>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const saving = useRef(new Set<string>());

  const setState = useCallback((key: string, state: EntryDraftState) => {
    setDrafts((was) => {
      const draft = was.get(key);
      if (!draft || draft.state === state) return was;
      return new Map(was).set(key, { ...draft, state });
    });
  }, []);

  // The save of an entry shortly after its last edit (a newer edit restarts the wait).
  const schedule = useCallback((key: string) => {
    const timer = timers.current.get(key);
    if (timer) clearTimeout(timer);
    timers.current.set(
      key,
      setTimeout(() => {
        timers.current.delete(key);
        void saveRef.current(key);
      }, AUTOSAVE_MS),
    );
  }, []);
  const saveRef = useRef<(key: string) => Promise<void>>(async () => undefined);

  const save = useCallback(
    async (key: string): Promise<void> => {
      const draft = latest.current.get(key);
      const revision = revisions.current.get(key);
      if (!draft || revision === undefined || draft.state === 'conflict') return;
      if (saving.current.has(key)) {
        // One write at a time per entry: the edits made meanwhile go next.
        schedule(key);
        return;
      }
      saving.current.add(key);
      const fields = draft.fields;
      setState(key, 'saving');
      try {
        const saved = await saveDraft(draft.group, draft.slug, fields, revision);
        revisions.current.set(key, saved.revision);
        queryClient.setQueryData(entryKey(draft.group, draft.slug), saved);
        void queryClient.invalidateQueries({ queryKey: entriesKey(draft.group) });
        // Edits typed while it was saving stay unsaved (their timer saves them).
        setState(key, latest.current.get(key)?.fields === fields ? 'saved' : 'unsaved');
      } catch (error) {
        setState(key, conflictOf(error) ? 'conflict' : 'failed');
      } finally {
        saving.current.delete(key);
      }
    },
    [queryClient, setState, schedule],
  );
  saveRef.current = save;

  const change = useCallback<EntryDrafts['change']>(
    ({ group, slug, loaded }, path, value) => {
      const key = entryDraftKey(group, slug);
      // The first edit starts from the entry as loaded; after the page's publish (which moves the
      // entry's revision) an entry with nothing pending starts again from the newer one, or its next
      // save would be refused as someone else's change.
      const known = revisions.current.get(key);
      const settled = latest.current.get(key)?.state === 'saved' && !saving.current.has(key) && !timers.current.has(key);
      if (known === undefined || (settled && loaded.revision > known)) revisions.current.set(key, loaded.revision);
      setDrafts((was) => {
        const draft = was.get(key);
        const start = draft?.fields ?? entryFields(loaded);
        const fields = produce(start, (next) => setAtPath(next, path, value));
        return new Map(was).set(key, { group, slug, fields, state: draft?.state === 'conflict' ? 'conflict' : 'unsaved' });
      });
      schedule(key);
    },
    [schedule],
  );

  // Leaving the page saves what is still waiting for its timer.
  useEffect(() => {
    const pendingTimers = timers.current;
    return () => {
      for (const [key, timer] of pendingTimers) {
        clearTimeout(timer);
        void save(key);
      }
    };
  }, [save]);

  const pending = [...drafts.values()].some((d) => d.state !== 'saved');
  // Closing or reloading the tab with an entry edit not saved yet asks first.
  useEffect(() => {
    if (!pending) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [pending]);

  const previewEntries = useMemo(() => [...drafts.values()].map(({ group, slug, fields }) => ({ group, slug, fields })), [drafts]);
  return { drafts, change, previewEntries, pending };
}
