// Published versions of an entry (who, when, note), rollback to any of them, and a comparison of
// any two versions (or a version and the draft on screen).
import { memo } from 'react';
import type { CmsContentName } from '#shared/cms.ts';
import { useT } from './copy.tsx';
import { useVersions } from './api/entries.ts';
import { formatDate } from './ContentList.tsx';
import { Compare } from './history/Compare.tsx';
import { useRollback } from './history/useRollback.ts';
import styles from './Editor.module.css';

/** Drawn again when its entry, version or the settled draft changes, not with every letter typed. */
export const History = memo(function History({
  group,
  slug,
  current,
  onRollback,
  draft,
  layout = false,
}: {
  group: CmsContentName;
  slug: string;
  current: number | null;
  /** The fields on screen, to compare versions with. */
  draft: Record<string, unknown>;
  /** The entry is a page layout (the comparison names blocks). */
  layout?: boolean;
  /** Publishes a copy of a version; false when it was refused (the workflow shows why). */
  onRollback: (version: number) => Promise<boolean>;
}) {
  const t = useT();
  const versions = useVersions(group, slug);
  const { busy, error, rollback } = useRollback(onRollback, versions.refetch);
  const list = (
    <section className={styles.history} aria-labelledby="history-title">
      <h2 id="history-title" className={styles.sectionTitle}>
        {t('editor.history.title')}
      </h2>
      {error ? (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
      {versions.isPending ? (
        <p className={styles.muted}>{t('editor.loading')}</p>
      ) : versions.isError ? (
        <p className={styles.muted}>{t('editor.loadFailed')}</p>
      ) : versions.data.versions.length === 0 ? (
        <p className={styles.muted}>{t('editor.history.none')}</p>
      ) : (
        <ol className={styles.versions}>
          {versions.data.versions.map((v) => (
            <li key={v.version} className={styles.version}>
              <div>
                <span className={styles.versionNumber}>{t('editor.history.version', { version: v.version })}</span>
                {v.version === current ? (
                  <span className={`${styles.badge} ${styles['badge-published']}`}>{t('editor.history.live')}</span>
                ) : null}
                <span className={styles.versionMeta}>
                  {t('editor.history.by', { who: v.published_by, when: formatDate(v.published_at) })}
                </span>
                {v.note ? <span className={styles.versionMeta}>{v.note}</span> : null}
              </div>
              {v.version !== current ? (
                <button
                  type="button"
                  className={styles.smallButton}
                  disabled={busy !== null}
                  onClick={() => void rollback(v.version)}
                  aria-label={t('editor.history.rollbackTo', { version: v.version })}
                >
                  {busy === v.version ? t('editor.working') : t('editor.history.rollback')}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
  return (
    <>
      {list}
      {versions.data && versions.data.versions.length > 0 ? (
        <Compare group={group} slug={slug} versions={versions.data.versions} draft={draft} layout={layout} />
      ) : null}
    </>
  );
});
