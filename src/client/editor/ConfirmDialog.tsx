// A modal question with a few answers (leave with unsaved edits? replace the draft with a rollback?),
// on the native <dialog>: focus moves into it and stays there, Escape answers "cancel".
import { useEffect, useId, useRef } from 'react';
import editorStyles from './Editor.module.css';
import styles from './Workflow.module.css';

export interface DialogAction {
  label: string;
  kind: 'primary' | 'secondary' | 'danger';
  onClick: () => void;
}

export function ConfirmDialog({
  title,
  body,
  actions,
  onCancel,
}: {
  title: string;
  body: string;
  actions: readonly DialogAction[];
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`} className={styles.dialogTitle}>
        {title}
      </h2>
      <p id={`${id}-body`}>{body}</p>
      <div className={styles.dialogActions}>
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={
              action.kind === 'primary'
                ? editorStyles.primaryButton
                : action.kind === 'danger'
                  ? styles.dangerButton
                  : editorStyles.secondaryButton
            }
            onClick={action.onClick}
          >
            {action.label}
          </button>
        ))}
      </div>
    </dialog>
  );
}
