// After a conflict: the editor's own refused save, kept by the server, beside the newer version on
// screen, field by field. "Take mine" puts their value into the draft (saved like any edit), "Keep
// theirs" leaves the newer one; "Done" drops the kept version. It stays until then, reloads included.
import { useId, useMemo, useState } from 'react';
import { useT } from '../copy.tsx';
import { formatDate } from '../ContentList.tsx';
import type { EntryWorkflow } from '../useEntryWorkflow.ts';
import { pathLabel, valueLabel } from './diff.ts';
import { keptChanges } from './merge.ts';
import editorStyles from '../Editor.module.css';
import styles from '../Workflow.module.css';

/** `reason`: why the save was refused, in words (the conflict's), when this screen saw it happen. */
export function KeptVersion({ workflow, reason }: { workflow: EntryWorkflow; reason: string | null }) {
  const t = useT();
  const id = useId();
  const { kept, fields } = workflow;
  const [keptTheirs, setKeptTheirs] = useState<ReadonlySet<string>>(new Set());
  const changes = useMemo(() => (kept ? keptChanges(fields, kept.fields) : []), [kept, fields]);
  if (!kept) return null;
  const open = changes.filter((change) => !keptTheirs.has(change.path.join('/')));
  const empty = t('editor.compare.empty');
  return (
    <section className={styles.kept} aria-labelledby={`${id}-title`} role="region">
      <h2 id={`${id}-title`} className={styles.keptTitle}>
        {t('editor.kept.title')}
      </h2>
      <p>
        {reason ?? t('editor.kept.since', { when: formatDate(kept.at) })} {t('editor.kept.lead')}
      </p>
      {open.length === 0 ? (
        <p className={styles.keptDone}>{changes.length === 0 ? t('editor.kept.same') : t('editor.kept.allDecided')}</p>
      ) : (
        <table className={styles.keptTable}>
          <caption className={editorStyles.srOnly}>{t('editor.kept.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('editor.kept.field')}</th>
              <th scope="col">{t('editor.kept.theirs')}</th>
              <th scope="col">{t('editor.kept.mine')}</th>
              <th scope="col">
                <span className={editorStyles.srOnly}>{t('editor.kept.choice')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {open.map((change) => {
              const key = change.path.join('/');
              const field = pathLabel(change.path);
              return (
                <tr key={key}>
                  <th scope="row">{field}</th>
                  <td data-label={t('editor.kept.theirs')}>{valueLabel(change.theirs, empty)}</td>
                  <td data-label={t('editor.kept.mine')}>{valueLabel(change.mine, empty)}</td>
                  <td className={styles.keptChoice}>
                    <button
                      type="button"
                      className={editorStyles.smallButton}
                      aria-label={t('editor.kept.takeMineFor', { field })}
                      onClick={() => workflow.takeMine(change.path)}
                    >
                      {t('editor.kept.takeMine')}
                    </button>
                    <button
                      type="button"
                      className={editorStyles.smallButton}
                      aria-label={t('editor.kept.keepTheirsFor', { field })}
                      onClick={() => setKeptTheirs((was) => new Set([...was, key]))}
                    >
                      {t('editor.kept.keepTheirs')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <button type="button" className={editorStyles.primaryButton} onClick={() => void workflow.resolveKept(t('editor.error.generic'))}>
        {open.length === 0 ? t('editor.kept.done') : t('editor.kept.keepTheirsRest')}
      </button>
    </section>
  );
}
