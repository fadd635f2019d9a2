// A page's history (home, discover): each publish, rollback and scheduled publish of the page as one
// item, naming every version it made (the layout's and its entries'), with what changed in each and
// "roll back the page to this" (workflow.rollbackPage asks first when drafts would be dropped).
import { memo, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CmsContentName } from '#shared/cms.ts';
import type { PageGroup } from '#shared/page-entries.ts';
import type { CmsEditorPageHistoryItem } from '#shared/generated/types.ts';
import { useT } from '../copy.tsx';
import { entryName } from '../entryName.ts';
import { usePartner } from '../partner.tsx';
import { formatDate } from '../ContentList.tsx';
import { pageItemQuery, usePage } from '../api/pages.ts';
import { diffEntries, diffLayouts } from './diff.ts';
import { ChangeLine } from './Compare.tsx';
import { useRollback } from './useRollback.ts';
import styles from '../Editor.module.css';

const LAYOUT = 'page-layout';

/** Drawn again when its page or rollback changes, not with every letter typed in the page editor. */
export const PageHistory = memo(function PageHistory({
  page,
  onRollback,
}: {
  page: PageGroup;
  onRollback: (item: number) => Promise<boolean>;
}) {
  const t = useT();
  const { placeholders } = usePartner();
  const id = useId();
  const query = usePage(page);
  const [open, setOpen] = useState<number | null>(null);
  const { busy, error, rollback } = useRollback(onRollback, query.refetch);
  const history = query.data?.history ?? [];
  return (
    <section className={styles.history} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t('editor.page.history')}
      </h2>
      {error ? (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
      {query.isPending ? (
        <p className={styles.muted}>{t('editor.loading')}</p>
      ) : query.isError ? (
        <p className={styles.muted}>{t('editor.loadFailed')}</p>
      ) : history.length === 0 ? (
        <p className={styles.muted}>{t('editor.page.none')}</p>
      ) : (
        <ol className={styles.versions}>
          {history.map((item, index) => {
            const when = formatDate(item.at);
            return (
              <li key={item.id} className={styles.version}>
                <div>
                  <span className={styles.versionNumber}>{t(`editor.page.kind.${kindKey(item.kind)}`, { who: item.by, when })}</span>
                  {index === 0 ? <span className={`${styles.badge} ${styles['badge-published']}`}>{t('editor.history.live')}</span> : null}
                  {item.note ? <span className={styles.versionMeta}>{item.note}</span> : null}
                  <ul className={styles.versionMeta}>
                    {item.changes.map((change) => (
                      <li key={`${change.content_name}/${change.slug}`}>
                        {change.from === null
                          ? t('editor.page.changeNew', { name: changeName(change, t, placeholders), to: change.to })
                          : t('editor.page.change', { name: changeName(change, t, placeholders), from: change.from, to: change.to })}
                      </li>
                    ))}
                  </ul>
                  <button
                    type="button"
                    className={styles.smallButton}
                    aria-expanded={open === item.id}
                    onClick={() => setOpen((was) => (was === item.id ? null : item.id))}
                  >
                    {t('editor.page.showChanges')}
                  </button>
                  {open === item.id ? <ItemChanges page={page} id={item.id} /> : null}
                </div>
                {index > 0 ? (
                  <button
                    type="button"
                    className={styles.smallButton}
                    disabled={busy !== null}
                    onClick={() => void rollback(item.id)}
                    aria-label={t('editor.page.rollbackTo', { when })}
                  >
                    {busy === item.id ? t('editor.working') : t('editor.history.rollback')}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
});

const kindKey = (kind: CmsEditorPageHistoryItem['kind']) => (kind === 'scheduled-publish' ? 'scheduled' : kind);

function changeName(
  change: { content_name: string; slug: string; name: string },
  t: ReturnType<typeof useT>,
  placeholders: Readonly<Record<string, string>>,
): string {
  return change.slug === LAYOUT ? t('editor.page.theLayout') : entryName(change, placeholders);
}

/** What one history item changed: the layout's blocks and each entry's fields. */
function ItemChanges({ page, id }: { page: PageGroup; id: number }) {
  const t = useT();
  const { placeholders } = usePartner();
  const item = useQuery(pageItemQuery(page, id));
  if (item.isPending) return <p className={styles.muted}>{t('editor.loading')}</p>;
  if (item.isError) return <p className={styles.muted}>{t('editor.loadFailed')}</p>;
  return (
    <div>
      {item.data.details.map((detail) => {
        const layout = detail.slug === LAYOUT;
        const changes = layout
          ? diffLayouts(detail.before ?? {}, detail.after ?? {})
          : diffEntries(detail.before ?? {}, detail.after ?? {});
        return (
          <div key={`${detail.content_name}/${detail.slug}`}>
            <h3 className={styles.compareTitle}>
              {changeName(detail as { content_name: CmsContentName; slug: string; name: string }, t, placeholders)}
            </h3>
            {changes.length === 0 ? (
              <p className={styles.muted}>{t('editor.compare.same')}</p>
            ) : (
              <ul className={styles.changes}>
                {changes.map((change, i) => (
                  <li key={i} className={styles[`change-${change.kind}`]}>
                    <ChangeLine change={change} layoutBlocks={layout} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </div>
  );
}
