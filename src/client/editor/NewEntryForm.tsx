// "New entry" (the content list) and "New banner" (a Banner block in the page editor): a button that
// opens a name field; Create makes a draft with the group's empty fields. What happens next is the
// caller's: the list opens the entry, the block shows it.
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CmsEditorEntry } from '#shared/generated/types.ts';
import type { CmsContentName } from '#shared/cms.ts';
import { useT } from './copy.tsx';
import { createEntry, entriesKey } from './api/entries.ts';
import { emptyValue } from './form/schema.ts';
import { entrySchema } from './schemas.ts';
import styles from './Editor.module.css';

export function NewEntryForm({
  group,
  openLabel,
  nameLabel,
  primary = false,
  onCreated,
}: {
  group: CmsContentName;
  /** The button's words ("New entry", "New banner"). */
  openLabel: string;
  /** The name field's label. */
  nameLabel: string;
  /** The list's main action; in a block's panel it is a secondary one. */
  primary?: boolean;
  onCreated: (entry: CmsEditorEntry) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  if (!open) {
    return (
      <button type="button" className={primary ? styles.primaryButton : styles.secondaryButton} onClick={() => setOpen(true)}>
        {openLabel}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A block's panel sits inside the page editor's own form.
    event.stopPropagation();
    if (!name.trim()) {
      setError(t('editor.entries.nameNeeded'));
      return;
    }
    const schema = entrySchema(group);
    const fields = (schema ? emptyValue(schema, schema) : {}) as Record<string, unknown>;
    setPending(true);
    setError(null);
    createEntry(group, name.trim(), fields)
      .then(async (entry) => {
        // The entry itself is fetched where it opens: that answer also says which pages show it.
        await queryClient.invalidateQueries({ queryKey: entriesKey(group) });
        setOpen(false);
        setName('');
        setPending(false);
        onCreated(entry);
      })
      // The name stays in the field to try again.
      .catch((err: unknown) => {
        setPending(false);
        setError(t('editor.entries.failed', { message: err instanceof Error ? err.message : String(err) }));
      });
  };
  return (
    <form className={styles.newEntry} onSubmit={submit} noValidate>
      <label htmlFor={inputId}>{nameLabel}</label>
      <input
        id={inputId}
        value={name}
        maxLength={200}
        // Opened by a click on the button: the next thing to do is type the name.
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <div className={styles.newEntryButtons}>
        <button type="submit" className={styles.primaryButton} disabled={pending}>
          {pending ? t('editor.entries.creating') : t('editor.entries.create')}
        </button>
        <button type="button" className={styles.secondaryButton} onClick={() => setOpen(false)}>
          {t('editor.entries.cancel')}
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
