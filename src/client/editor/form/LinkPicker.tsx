// "Choose a page" beside a link field: a dialog offering the site's pages (named as members know
// them), restaurants found by name, and the live earn pages; a web address is typed in the field
// itself. Every offer passes the shared link rule (#shared/cms-links.ts) as the client knows it,
// and the server only answers restaurants that exist and earn pages that are live, so a chosen link
// is one the publish accepts.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { linkProblem } from '#shared/cms-links.ts';
import { useT } from '../copy.tsx';
import { usePartner } from '../partner.tsx';
import { useLinkTargets } from '../api/links.ts';
import { sitePages } from './sitePages.ts';
import editorStyles from '../Editor.module.css';
import workflow from '../Workflow.module.css';
import styles from './SchemaForm.module.css';

export function LinkPicker({ label, value, onPick }: { label: string; value: string; onPick: (path: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.addButton}
        aria-label={t('editor.linkPicker.open', { label })}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('editor.linkPicker.openShort')}
      </button>
      {open ? (
        <LinkPickerDialog
          label={label}
          value={value}
          onClose={(picked) => {
            setOpen(false);
            if (picked !== null) onPick(picked);
            // Back where the editor was (the page outside a modal dialog takes no focus until it closes).
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
      ) : null}
    </>
  );
}

function LinkPickerDialog({ label, value, onClose }: { label: string; value: string; onClose: (picked: string | null) => void }) {
  const t = useT();
  const partner = usePartner();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  // A request per pause in typing, not per letter.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(name.trim()), 250);
    return () => clearTimeout(timer);
  }, [name]);
  const targets = useLinkTargets(query, true);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const context = useMemo(() => ({ routes: partner.routes }), [partner.routes]);
  const fits = (path: string) => linkProblem(path, context) === null;
  const pages = sitePages(partner, t).filter((page) => fits(page.path));
  const merchants = (targets.data?.merchants ?? []).filter((m) => fits(m.path));
  const earnPages = (targets.data?.earn_pages ?? []).filter((p) => fits(p.path));

  const option = (path: string, text: string, detail?: string) => (
    <li key={path}>
      <button
        type="button"
        className={styles.pickerOption}
        aria-current={path === value.trim() ? 'true' : undefined}
        onClick={() => onClose(path)}
      >
        <span>{text}</span>
        {detail ? <span className={styles.pickerDetail}>{detail}</span> : null}
      </button>
    </li>
  );

  return (
    <dialog
      ref={ref}
      className={`${workflow.dialog} ${styles.picker}`}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose(null);
      }}
    >
      <h2 id={`${id}-title`} className={workflow.dialogTitle}>
        {t('editor.linkPicker.title', { label })}
      </h2>
      <section aria-labelledby={`${id}-pages`} className={styles.pickerSection}>
        <h3 id={`${id}-pages`}>{t('editor.linkPicker.pages')}</h3>
        <ul className={styles.pickerList}>{pages.map((page) => option(page.path, page.name))}</ul>
      </section>
      <section aria-labelledby={`${id}-merchants`} className={styles.pickerSection}>
        <h3 id={`${id}-merchants`}>{t('editor.linkPicker.merchants')}</h3>
        <label htmlFor={`${id}-name`}>{t('editor.linkPicker.merchantName')}</label>
        <input
          id={`${id}-name`}
          className={styles.input}
          type="search"
          maxLength={100}
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <p className={styles.hint} role="status">
          {!query
            ? t('editor.linkPicker.merchantHint')
            : targets.isError
              ? t('editor.linkPicker.failed')
              : targets.isPending
                ? t('editor.linkPicker.searching')
                : merchants.length === 0
                  ? t('editor.linkPicker.noMerchant', { name: query })
                  : null}
        </p>
        {merchants.length ? <ul className={styles.pickerList}>{merchants.map((m) => option(m.path, m.name, m.city))}</ul> : null}
      </section>
      <section aria-labelledby={`${id}-earn`} className={styles.pickerSection}>
        <h3 id={`${id}-earn`}>{t('editor.linkPicker.earnPages')}</h3>
        {earnPages.length ? (
          <ul className={styles.pickerList}>{earnPages.map((p) => option(p.path, p.title, p.path))}</ul>
        ) : (
          <p className={styles.hint}>{targets.isPending ? t('editor.linkPicker.searching') : t('editor.linkPicker.noEarnPages')}</p>
        )}
      </section>
      <p className={styles.hint}>{t('editor.linkPicker.typeUrl')}</p>
      <div className={workflow.dialogActions}>
        <button type="button" className={editorStyles.secondaryButton} onClick={() => onClose(null)}>
          {t('editor.linkPicker.cancel')}
        </button>
      </div>
    </dialog>
  );
}
