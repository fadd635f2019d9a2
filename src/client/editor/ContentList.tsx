// The CMS groups (left) and the entries of the chosen one (right). Page layouts are marked: they
// open in the visual editor, every other entry in a form made from its group's schema.
import { NavLink, useParams } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import { LAYOUT_SLUG, type CmsContentName } from '#shared/cms.ts';
import { useT } from './copy.tsx';
import { useEntries } from './api/entries.ts';
import { entryPath, groupCopyKey, groupFromSegment, groupPath, GROUPS, isLayoutEntry, LAYOUT_GROUPS, pageName } from './groups.ts';
import { usePartner } from './partner.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import styles from './Editor.module.css';

export function ContentList() {
  const t = useT();
  const params = useParams();
  const group = groupFromSegment(params.group) ?? 'home';
  const partner = usePartner();
  // Pages by what members see; layouts members never see come last.
  const pages = LAYOUT_GROUPS.map((g) => ({ group: g, ...pageName(g, partner, t) })).sort((a, b) => Number(b.seen) - Number(a.seen));
  return (
    <div className={styles.listLayout}>
      <nav className={styles.sideNav} aria-label={t('editor.groups')}>
        <h2 className={styles.sideTitle}>{t('editor.pages')}</h2>
        <ul>
          {pages.map(({ group: g, name, seen }) => (
            <li key={g}>
              <Link className={`${styles.pageLink} ${seen ? '' : styles.pageUnseen}`} to={entryPath(g, LAYOUT_SLUG)}>
                <span className={styles.pageIcon} aria-hidden="true">
                  ▦
                </span>
                <span className={styles.pageNames}>
                  <span>{name}</span>
                  <span className={styles.pageLayout}>{t('editor.page.layout', { name: t(groupCopyKey(g)) })}</span>
                </span>
              </Link>
            </li>
          ))}
          <li>
            <Link className={styles.pageLink} to="/editor/wording">
              <span className={styles.pageIcon} aria-hidden="true">
                ¶
              </span>
              {t('editor.wording.nav')}
            </Link>
          </li>
        </ul>
        <h2 className={styles.sideTitle}>{t('editor.groups')}</h2>
        <ul>
          {GROUPS.map((g) => (
            <li key={g}>
              <NavLink
                className={({ isActive }) => `${styles.navLink} ${isActive || (g === group && !params.group) ? styles.navLinkActive : ''}`}
                to={groupPath(g)}
                aria-current={g === group ? 'page' : undefined}
              >
                {t(groupCopyKey(g))}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className={styles.listMain} id="main">
        <EntryTable group={group} />
      </main>
    </div>
  );
}

function EntryTable({ group }: { group: CmsContentName }) {
  const t = useT();
  const entries = useEntries(group);
  return (
    <section className={styles.panel} aria-labelledby="entries-title">
      <div className={styles.panelHead}>
        <h1 id="entries-title" className={styles.panelTitle}>
          {t(groupCopyKey(group))}
        </h1>
        <p className={styles.panelLead}>{t('editor.entriesLead')}</p>
      </div>
      {entries.isPending ? (
        <p role="status" className={styles.empty}>
          {t('editor.loading')}
        </p>
      ) : entries.isError ? (
        <p role="alert" className={styles.empty}>
          {t('editor.loadFailed')}
        </p>
      ) : entries.data.entries.length === 0 ? (
        <p className={styles.empty}>{t('editor.noEntries')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('editor.column.name')}</th>
              <th scope="col">{t('editor.column.status')}</th>
              <th scope="col">{t('editor.column.updated')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.data.entries.map((entry) => (
              <tr key={entry.slug}>
                <td>
                  <Link className={styles.entryLink} to={entryPath(group, entry.slug)}>
                    {entry.name || entry.slug}
                  </Link>
                  {isLayoutEntry(group, entry.slug) ? <span className={styles.slug}>{t('editor.visualEditor')}</span> : null}
                </td>
                <td>
                  <StatusBadge status={entry.status} />
                  {entry.schedule ? (
                    <span className={styles.scheduleTag}>
                      {t('editor.schedule.listed', { when: formatDate(entry.schedule.publish_at) })}
                    </span>
                  ) : null}
                </td>
                <td className={styles.muted}>
                  {formatDate(entry.draft_updated_at ?? entry.published_at)}
                  {entry.draft_updated_by ? <span className={styles.slug}>{entry.draft_updated_by}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
