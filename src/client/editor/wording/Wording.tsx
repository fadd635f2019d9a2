// The Wording screen: every text of the member pages (the copy catalogue), searchable, with the
// partner's current text and where it comes from (changed here, the partner's own wording, or the
// Menuboard default it falls back to). A change is a draft of the site-wide "copy" entry like any
// other: saved shortly after typing, shown in the preview at once, and live when published.
import { useEffect, useMemo, useRef, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, HttpError } from '#client/api/http.ts';
import type { CmsEditorEntry } from '#shared/generated/types.ts';
import type { CmsContentName } from '#shared/cms.ts';
import type { PreviewEntry } from '#shared/preview-messages.ts';
import { useT } from '../copy.tsx';
import { conflictOf, entryKey, fetchEntry, publishEntry } from '../api/entries.ts';
import { Preview } from '../preview/Preview.tsx';
import styles from './Wording.module.css';

interface CatalogueKey {
  key: string;
  text: string;
  from: 'partner' | 'default';
}

const catalogueQuery = () =>
  queryOptions({
    queryKey: ['editor', 'copy-catalogue'],
    queryFn: () => apiFetch<{ keys: CatalogueKey[] }>('/api/cms/editor/copy-catalogue'),
    staleTime: 5 * 60_000,
  });

const GROUP: CmsContentName = '*';
const SLUG = 'copy';
const SAVE_MS = 600;
/** Rows shown at once; a search narrows the rest. */
const SHOWN = 60;

type Overrides = Record<string, string>;
const overridesOf = (fields: unknown): Overrides => {
  const copy = (fields as { copy?: unknown } | null)?.copy;
  return copy && typeof copy === 'object' && !Array.isArray(copy) ? { ...(copy as Overrides) } : {};
};

/** The site-wide copy entry, or null when no one has changed any wording yet (the first save creates it). */
function useCopyEntry() {
  return useQuery({
    queryKey: ['editor', 'wording-entry'],
    queryFn: async (): Promise<CmsEditorEntry | null> => {
      try {
        return await fetchEntry(GROUP, SLUG);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
}

export function Wording() {
  const t = useT();
  const catalogue = useQuery(catalogueQuery());
  const entry = useCopyEntry();
  if (catalogue.isPending || entry.isPending) {
    return (
      <main className={styles.centered} id="main">
        <p role="status">{t('editor.loading')}</p>
      </main>
    );
  }
  if (catalogue.isError || entry.isError) {
    return (
      <main className={styles.centered} id="main">
        <p role="alert">{t('editor.loadFailed')}</p>
      </main>
    );
  }
  return <WordingEditor keys={catalogue.data.keys} entry={entry.data} />;
}

function WordingEditor({ keys, entry: initial }: { keys: CatalogueKey[]; entry: CmsEditorEntry | null }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [entry, setEntry] = useState(initial);
  const live = useMemo(() => overridesOf(entry?.published), [entry]);
  const [draft, setDraft] = useState<Overrides>(() => overridesOf(initial?.draft ?? initial?.published));
  const [saveState, setSaveState] = useState<'saved' | 'unsaved' | 'saving' | 'failed'>('saved');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const revision = useRef(initial?.revision ?? 0);
  const latest = useRef(draft);
  latest.current = draft;
  const writing = useRef<Promise<unknown>>(Promise.resolve());

  const save = () => {
    const fields = { copy: latest.current };
    const run = writing.current.then(async () => {
      setSaveState('saving');
      try {
        const saved = await apiFetch<CmsEditorEntry>(`/api/cms/editor/entries/${encodeURIComponent(GROUP)}/${SLUG}`, {
          method: 'PUT',
          json: { fields, base_revision: revision.current, name: t('editor.wording.entryName') },
        });
        revision.current = saved.revision;
        setEntry(saved);
        queryClient.setQueryData(entryKey(GROUP, SLUG), saved);
        setSaveState(latest.current === fields.copy ? 'saved' : 'unsaved');
        return true;
      } catch (error) {
        setSaveState('failed');
        setMessage({ kind: 'error', text: t(conflictOf(error) ? 'editor.wording.conflict' : 'editor.save.failed') });
        return false;
      }
    });
    writing.current = run;
    return run;
  };

  // Saved shortly after the last keystroke.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const change = (key: string, text: string | null) => {
    setMessage(null);
    setDraft((was) => {
      const next = { ...was };
      if (text === null) delete next[key];
      else next[key] = text;
      latest.current = next;
      return next;
    });
    setSaveState('unsaved');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), SAVE_MS);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const pending = Object.keys({ ...draft, ...live }).filter((key) => draft[key] !== live[key]);
  const publish = async () => {
    if (timer.current) clearTimeout(timer.current);
    setMessage(null);
    if (saveState !== 'saved' && !(await save())) return;
    try {
      const published = await publishEntry(GROUP, SLUG, revision.current);
      revision.current = published.revision;
      setEntry(published);
      queryClient.setQueryData(entryKey(GROUP, SLUG), published);
      setMessage({ kind: 'ok', text: t('editor.wording.published') });
    } catch (error) {
      const nothing = error instanceof HttpError && error.status === 409 && !conflictOf(error);
      setMessage({ kind: nothing ? 'ok' : 'error', text: t(nothing ? 'editor.publish.nothing' : 'editor.publish.failed') });
    }
  };

  const needle = search.trim().toLowerCase();
  const rows = keys.filter(
    (row) =>
      !needle ||
      row.key.toLowerCase().includes(needle) ||
      row.text.toLowerCase().includes(needle) ||
      (draft[row.key] ?? '').toLowerCase().includes(needle),
  );
  const previewEntries = useMemo((): PreviewEntry[] => [{ group: GROUP, slug: SLUG, fields: { copy: draft } }], [draft]);

  return (
    <div className={styles.layout}>
      <main className={styles.main} id="main">
        <div className={styles.head}>
          <div>
            <h1 className={styles.title}>{t('editor.wording.title')}</h1>
            <p className={styles.lead}>{t('editor.wording.lead')}</p>
          </div>
          <div className={styles.actions}>
            <span className={styles.saveState} role="status">
              {t(`editor.save.${saveState}`)}
            </span>
            <button type="button" className={styles.publish} onClick={() => void publish()} disabled={pending.length === 0}>
              {t('editor.wording.publish', { count: pending.length })}
            </button>
          </div>
        </div>
        {message ? (
          <p className={message.kind === 'ok' ? styles.ok : styles.error} role={message.kind === 'ok' ? 'status' : 'alert'}>
            {message.text}
          </p>
        ) : null}
        <label className={styles.searchLabel} htmlFor="wording-search">
          {t('editor.wording.search')}
        </label>
        <input
          id="wording-search"
          className={styles.search}
          type="search"
          value={search}
          placeholder={t('editor.wording.searchHint')}
          onChange={(e) => setSearch(e.target.value)}
        />
        <p className={styles.count}>{t('editor.wording.count', { count: rows.length })}</p>
        <ul className={styles.list} aria-label={t('editor.wording.title')}>
          {rows.slice(0, SHOWN).map((row) => (
            <WordingRow
              key={row.key}
              row={row}
              draft={draft[row.key]}
              live={live[row.key]}
              open={editing === row.key}
              onOpen={() => setEditing((was) => (was === row.key ? null : row.key))}
              onChange={(text) => change(row.key, text)}
            />
          ))}
        </ul>
        {rows.length > SHOWN ? <p className={styles.count}>{t('editor.wording.more', { count: rows.length - SHOWN })}</p> : null}
      </main>
      <aside className={styles.side} aria-label={t('editor.side')}>
        <Preview group={GROUP} entries={previewEntries} />
      </aside>
    </div>
  );
}

function WordingRow({
  row,
  draft,
  live,
  open,
  onOpen,
  onChange,
}: {
  row: CatalogueKey;
  draft: string | undefined;
  live: string | undefined;
  open: boolean;
  onOpen: () => void;
  onChange: (text: string | null) => void;
}) {
  const t = useT();
  const text = draft ?? row.text;
  const where =
    draft !== live
      ? t('editor.wording.from.draft')
      : draft !== undefined
        ? t('editor.wording.from.here')
        : t(row.from === 'partner' ? 'editor.wording.from.partner' : 'editor.wording.from.default');
  const fieldId = `wording-${row.key.replace(/[^A-Za-z0-9]/g, '-')}`;
  return (
    <li className={styles.row}>
      <div className={styles.rowHead}>
        <span className={styles.text}>{text || '—'}</span>
        <button type="button" className={styles.edit} onClick={onOpen} aria-expanded={open} aria-label={t('editor.wording.edit', { text })}>
          {t(open ? 'editor.wording.close' : 'editor.wording.editShort')}
        </button>
      </div>
      <span className={styles.meta}>
        <span className={draft !== live ? styles.changed : undefined}>{where}</span> · <span className={styles.key}>{row.key}</span>
      </span>
      {open ? (
        <div className={styles.editor}>
          <label htmlFor={fieldId}>{t('editor.wording.textFor', { text: row.text })}</label>
          <textarea id={fieldId} rows={2} value={text} onChange={(e) => onChange(e.target.value)} />
          <p className={styles.hint}>{t('editor.wording.hint', { text: row.text })}</p>
          {draft !== undefined ? (
            <button type="button" className={styles.reset} onClick={() => onChange(null)}>
              {t(row.from === 'partner' ? 'editor.wording.resetPartner' : 'editor.wording.resetDefault')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
