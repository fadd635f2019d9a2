// The bar above an entry: where it belongs, its name and status, undo/redo, the save state, save and publish.
import type { ReactNode } from 'react';
import type { CmsContentName } from '#shared/cms.ts';
import { Link } from 'react-router';
import { useT } from './copy.tsx';
import { groupCopyKey, groupPath } from './groups.ts';
import { StatusBadge } from './StatusBadge.tsx';
import type { useEntryWorkflow } from './useEntryWorkflow.ts';
import styles from './Editor.module.css';

interface Props {
  group: CmsContentName;
  title: string;
  state: { canUndo: boolean; canRedo: boolean; undo: () => void; redo: () => void };
  /** The entry's save and publish workflow: the bar shows its status and runs its actions. */
  workflow: ReturnType<typeof useEntryWorkflow>;
  children?: ReactNode;
}

export function Toolbar({ group, title, state, workflow, children }: Props) {
  const t = useT();
  const { saveState, message } = workflow;
  const back = <Link to={groupPath(group)}>{t(groupCopyKey(group))}</Link>;
  const badge = <StatusBadge status={workflow.entry.status} />;
  const onSave = () => void workflow.save();
  const onPublish = () =>
    void workflow.publish({
      published: t('editor.publish.done'),
      failed: t('editor.publish.failed'),
      nothing: t('editor.publish.nothing'),
    });
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarTitle}>
        <span className={styles.crumb}>{back}</span>
        <h1 className={styles.entryTitle}>{title}</h1>
        {badge}
      </div>
      {children}
      <div className={styles.toolbarActions}>
        <button
          type="button"
          className={styles.iconTool}
          onClick={state.undo}
          disabled={!state.canUndo}
          aria-keyshortcuts="Control+Z"
          title={t('editor.undo')}
        >
          <span aria-hidden="true">↶</span>
          <span className={styles.srOnly}>{t('editor.undo')}</span>
        </button>
        <button
          type="button"
          className={styles.iconTool}
          onClick={state.redo}
          disabled={!state.canRedo}
          aria-keyshortcuts="Control+Shift+Z"
          title={t('editor.redo')}
        >
          <span aria-hidden="true">↷</span>
          <span className={styles.srOnly}>{t('editor.redo')}</span>
        </button>
        <span className={`${styles.saveState} ${styles[`save-${saveState}`] ?? ''}`} role="status">
          {t(`editor.save.${saveState}`)}
        </span>
        <button type="button" className={styles.secondaryButton} onClick={onSave}>
          {t('editor.saveDraft')}
        </button>
        <button type="button" className={styles.primaryButton} onClick={onPublish}>
          {t('editor.publish')}
        </button>
      </div>
      {message ? (
        <p className={message.kind === 'ok' ? styles.toastOk : styles.toastError} role={message.kind === 'ok' ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
