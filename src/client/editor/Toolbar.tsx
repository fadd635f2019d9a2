// The bar above an entry: where it belongs, its name and status, undo/redo, the save state, save,
// schedule and publish; below it, a refused write's conflict (with "reload the latest") and the
// scheduled publish, if any. It also asks the workflow's questions: leaving with unsaved edits, and
// rolling back over unpublished ones.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { CmsContentName } from '#shared/cms.ts';
import type { CmsEditorConflict } from '#shared/generated/types.ts';
import { Link } from '#client/ui/Link.tsx';
import { useT, type Translate } from './copy.tsx';
import { groupCopyKey, groupPath } from './groups.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { formatDate } from './ContentList.tsx';
import type { EntryWorkflow } from './useEntryWorkflow.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { KeptVersion } from './history/KeptVersion.tsx';
import { usePage } from './api/pages.ts';
import { useEntryName } from './entryName.ts';
import type { PageGroup } from '#shared/page-entries.ts';
import styles from './Editor.module.css';

interface Props {
  group: CmsContentName;
  title: string;
  state: { canUndo: boolean; canRedo: boolean; undo: () => void; redo: () => void };
  /** The entry's save and publish workflow: the bar shows its status and runs its actions. */
  workflow: EntryWorkflow;
  children?: ReactNode;
  /** A banner no page shows: publishing it changes nothing a member sees, and the notice says so. */
  unplaced?: boolean;
}

export function Toolbar({ group, title, state, workflow, children, unplaced = false }: Props) {
  const t = useT();
  const { saveState, message, conflict } = workflow;
  const [scheduling, setScheduling] = useState(false);
  const scheduleId = useId();
  const back = <Link to={groupPath(group)}>{t(groupCopyKey(group))}</Link>;
  const badge = <StatusBadge status={workflow.entry.status} />;
  const onSave = () => void workflow.save();
  const onPublish = () =>
    void workflow.publish({
      published: t(unplaced ? 'editor.publish.doneUnplaced' : 'editor.publish.done'),
      failed: t('editor.publish.failed'),
      nothing: t('editor.publish.nothing'),
      invalid: t('editor.publish.invalid'),
    });
  const scheduled = workflow.entry.schedule;
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
        <button type="button" className={styles.secondaryButton} onClick={onSave} disabled={conflict !== null}>
          {t('editor.saveDraft')}
        </button>
        <button
          type="button"
          className={styles.secondaryButton}
          aria-expanded={scheduling}
          aria-controls={scheduleId}
          onClick={() => setScheduling((open) => !open)}
          disabled={conflict !== null}
        >
          {t('editor.schedule.open')}
        </button>
        <button type="button" className={styles.primaryButton} onClick={onPublish} disabled={conflict !== null}>
          {t('editor.publish')}
        </button>
      </div>
      {workflow.page ? <PendingChanges page={workflow.page} /> : null}
      {scheduling ? <SchedulePanel id={scheduleId} workflow={workflow} onDone={() => setScheduling(false)} /> : null}
      {scheduled ? (
        <p className={styles.scheduleLine} role="status">
          <span>{t('editor.schedule.pending', { when: formatDate(scheduled.publish_at), who: scheduled.by })}</span>
          <button
            type="button"
            className={styles.smallButton}
            disabled={conflict !== null}
            onClick={() => void workflow.cancelSchedule({ done: t('editor.schedule.cancelled'), failed: t('editor.error.generic') })}
          >
            {t('editor.schedule.cancel')}
          </button>
        </p>
      ) : null}
      {conflict ? <ConflictNotice conflict={conflict} onReload={() => void workflow.reloadLatest(t('editor.loadFailed'))} /> : null}
      <KeptVersion workflow={workflow} reason={workflow.keptBecause ? conflictText(workflow.keptBecause, t) : null} />
      {message ? (
        <p className={message.kind === 'ok' ? styles.toastOk : styles.toastError} role={message.kind === 'ok' ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
      <Questions workflow={workflow} />
    </div>
  );
}

/** The status line of a page: every change its publish would carry, by name. */
function PendingChanges({ page }: { page: PageGroup }) {
  const t = useT();
  const nameOf = useEntryName();
  const query = usePage(page);
  if (!query.data) return null;
  const { pending } = query.data;
  const names = pending.map((p) => (p.slug === 'page-layout' ? t('editor.page.theLayout') : nameOf(p)));
  const broken = pending.filter((p) => p.problems.length > 0);
  return (
    <p className={styles.scheduleLine} role="status">
      {pending.length === 0 ? t('editor.page.nonePending') : t('editor.page.pending', { count: pending.length, names: names.join(', ') })}
      {broken.map((p) => (
        <span key={p.slug}>
          {' '}
          {t('editor.page.pendingProblems', { name: p.slug === 'page-layout' ? t('editor.page.theLayout') : nameOf(p) })}
        </span>
      ))}
    </p>
  );
}

/** What the workflow asks before it goes on: leaving with unsaved edits, rolling back over unpublished ones. */
function Questions({ workflow }: { workflow: EntryWorkflow }) {
  const t = useT();
  const { leaving, question } = workflow;
  if (leaving.state === 'blocked') {
    const saveAndLeave = async () => {
      if (await workflow.save()) leaving.proceed();
      else {
        leaving.reset();
        workflow.setMessage({ kind: 'error', text: t('editor.leave.failed') });
      }
    };
    return (
      <ConfirmDialog
        title={t('editor.leave.title')}
        body={t('editor.leave.body')}
        onCancel={() => leaving.reset()}
        actions={[
          ...(workflow.conflict ? [] : [{ label: t('editor.leave.save'), kind: 'primary' as const, onClick: () => void saveAndLeave() }]),
          { label: t('editor.leave.discard'), kind: 'danger', onClick: () => leaving.proceed() },
          { label: t('editor.leave.stay'), kind: 'secondary', onClick: () => leaving.reset() },
        ]}
      />
    );
  }
  if (question?.kind === 'page-rollback') {
    return (
      <ConfirmDialog
        title={t('editor.pageRollback.title')}
        body={t('editor.pageRollback.body')}
        onCancel={() => question.answer(false)}
        actions={[
          { label: t('editor.rollback.confirm'), kind: 'danger', onClick: () => question.answer(true) },
          { label: t('editor.rollback.cancel'), kind: 'secondary', onClick: () => question.answer(false) },
        ]}
      />
    );
  }
  if (question?.kind === 'rollback') {
    return (
      <ConfirmDialog
        title={t('editor.rollback.title')}
        body={t('editor.rollback.body', { version: question.version })}
        onCancel={() => question.answer(false)}
        actions={[
          { label: t('editor.rollback.confirm'), kind: 'danger', onClick: () => question.answer(true) },
          { label: t('editor.rollback.cancel'), kind: 'secondary', onClick: () => question.answer(false) },
        ]}
      />
    );
  }
  return null;
}

/** What happened to the entry since this screen read it, in words. */
export function conflictText(conflict: CmsEditorConflict, t: Translate): string {
  const change = conflict.change;
  if (!change) return t('editor.conflict.unknown');
  const key = change.kind === 'scheduled-publish' ? 'scheduledPublish' : change.kind;
  return t(`editor.conflict.${key}`, { who: change.by, when: formatDate(change.at), version: conflict.version ?? '?' });
}

function ConflictNotice({ conflict, onReload }: { conflict: CmsEditorConflict; onReload: () => void }) {
  const t = useT();
  return (
    <div className={styles.conflict} role="alert" aria-labelledby="conflict-title">
      <h2 id="conflict-title" className={styles.conflictTitle}>
        {t('editor.conflict.title')}
      </h2>
      <p>{conflictText(conflict, t)}</p>
      <p>{t('editor.conflict.lead')}</p>
      <button type="button" className={styles.primaryButton} onClick={onReload}>
        {t('editor.conflict.reload')}
      </button>
    </div>
  );
}

/** `datetime-local` value (the browser's time zone) of a date. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function SchedulePanel({ id, workflow, onDone }: { id: string; workflow: EntryWorkflow; onDone: () => void }) {
  const t = useT();
  const inputId = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // datetime-local is the browser's local time; Date reads it so.
    const at = value ? new Date(value) : null;
    if (!at || Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
      setProblem(t('editor.schedule.future'));
      return;
    }
    setProblem(null);
    setBusy(true);
    const refused = await workflow.schedule(at, {
      done: t('editor.schedule.done', { when: formatDate(at.toISOString()) }),
      failed: t('editor.error.generic'),
      nothing: t('editor.schedule.nothing'),
      invalid: t('editor.schedule.invalid'),
    });
    setBusy(false);
    if (refused) setProblem(refused);
    else onDone();
  };
  return (
    <form id={id} className={styles.schedulePanel} onSubmit={(e) => void submit(e)} noValidate aria-label={t('editor.schedule.title')}>
      <div className={styles.scheduleField}>
        <label htmlFor={inputId}>{t('editor.schedule.when')}</label>
        <input
          id={inputId}
          type="datetime-local"
          className={styles.scheduleInput}
          value={value}
          min={localInputValue(new Date())}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
        />
        <p id={`${inputId}-hint`} className={styles.scheduleHint}>
          {t('editor.schedule.hint')}
        </p>
        {problem ? (
          <p id={`${inputId}-error`} className={styles.formError}>
            {problem}
          </p>
        ) : null}
      </div>
      <button type="submit" className={styles.primaryButton} disabled={busy}>
        {busy ? t('editor.working') : t('editor.schedule.submit')}
      </button>
    </form>
  );
}
