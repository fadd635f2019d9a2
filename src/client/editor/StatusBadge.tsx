import type { CmsEditorEntry } from '#shared/generated/types.ts';
import { useT } from './copy.tsx';
import styles from './Editor.module.css';

export function StatusBadge({ status }: { status: CmsEditorEntry['status'] }) {
  const t = useT();
  return <span className={`${styles.badge} ${styles[`badge-${status}`] ?? ''}`}>{t(`editor.status.${status}`)}</span>;
}
