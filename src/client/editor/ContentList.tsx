// The pages and CMS groups (left) and, right, the site's pages with their addresses (at /editor, the
// editor's first screen: an editor starts from a page) or the entries of the chosen group. Page
// layouts open in the visual editor, every other entry in a form made from its group's schema. "New entry",
// "Duplicate" and "Delete" make and remove entries; the server refuses a delete while a page uses the
// entry, and the list shows the pages it named.
import { useState } from 'react';
import { NavLink, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '#client/ui/Link.tsx';
import { LAYOUT_SLUG, type CmsContentName } from '#shared/cms.ts';
import { useT } from './copy.tsx';
import { conflictOf, deleteEntry, duplicateEntry, entriesKey, entryKey, inUseOf, useEntries } from './api/entries.ts';
import { NewEntryForm } from './NewEntryForm.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { entryPath, groupCopyKey, groupFromSegment, groupPath, GROUPS, isLayoutEntry, LAYOUT_GROUPS, pageName, pagesOf } from './groups.ts';
import { usePartner } from './partner.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useEntryName } from './entryName.ts';
import styles from './Editor.module.css';

export function ContentList() {
  const t = useT();
  const params = useParams();
  const group = groupFromSegment(params.group);
  const pages = usePages();
  return (
    <div className={styles.listLayout}>
      <nav className={styles.sideNav} aria-label={t('editor.groups')}>
        <h2 className={styles.sideTitle}>
          <NavLink to="/editor" end className={({ isActive }) => `${styles.sideTitleLink} ${isActive ? styles.navLinkActive : ''}`}>
            {t('editor.pages')}
          </NavLink>
        </h2>
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
                className={({ isActive }) => `${styles.navLink} ${isActive ? styles.navLinkActive : ''}`}
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
        {group ? <EntryTable group={group} /> : <PageTable pages={pages} />}
      </main>
    </div>
  );
}

interface SitePage {
  group: CmsContentName;
  name: string;
  seen: boolean;
  /** Where members find it: `/` for the home page; none for a layout they never see. */
  paths: string[];
}

/** The partner's pages by what members see; layouts members never see come last. */
function usePages(): SitePage[] {
  const t = useT();
  const partner = usePartner();
  return LAYOUT_GROUPS.map((g) => {
    const named = pageName(g, partner, t);
    return { group: g, ...named, paths: named.seen ? pagesOf(g, partner.homePage) : [] };
  }).sort((a, b) => Number(b.seen) - Number(a.seen));
}

/** The editor's first screen: every page of the site, where members find it, and its state. */
function PageTable({ pages }: { pages: SitePage[] }) {
  const t = useT();
  return (
    <section className={styles.panel} aria-labelledby="pages-title">
      <div className={styles.panelHead}>
        <h1 id="pages-title" className={styles.panelTitle}>
          {t('editor.pages')}
        </h1>
        <p className={styles.panelLead}>{t('editor.pagesLead')}</p>
      </div>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('editor.column.page')}</th>
            <th scope="col">{t('editor.column.address')}</th>
            <th scope="col">{t('editor.column.status')}</th>
            <th scope="col">{t('editor.column.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <PageRow key={page.group} page={page} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function PageRow({ page }: { page: SitePage }) {
  const t = useT();
  const entries = useEntries(page.group);
  const layout = entries.data?.entries.find((entry) => entry.slug === LAYOUT_SLUG);
  return (
    <tr className={page.seen ? undefined : styles.pageUnseen}>
      <td>
        <Link className={styles.entryLink} to={entryPath(page.group, LAYOUT_SLUG)}>
          {page.name}
        </Link>
        <span className={styles.slug}>{t('editor.page.layout', { name: t(groupCopyKey(page.group)) })}</span>
      </td>
      <td>
        {page.paths.length ? (
          page.paths.map((path) => (
            <code key={path} className={styles.address}>
              {path}
            </code>
          ))
        ) : (
          <span className={styles.muted}>{t('editor.page.noAddress')}</span>
        )}
      </td>
      <td>{layout ? <StatusBadge status={layout.status} /> : null}</td>
      <td className={styles.muted}>{layout ? formatDate(layout.draft_updated_at ?? layout.published_at) : null}</td>
    </tr>
  );
}

function EntryTable({ group }: { group: CmsContentName }) {
  const t = useT();
  const partner = usePartner();
  const entries = useEntries(group);
  const nameOf = useEntryName();
  // The global group's entries (header, footer, wording, ways to earn) are each read by one place:
  // a new or copied one would show nowhere, and none can go.
  const editable = group !== '*';
  const actions = useEntryActions(group);
  return (
    <section className={styles.panel} aria-labelledby="entries-title">
      <div className={`${styles.panelHead} ${styles.panelHeadRow}`}>
        <div>
          <h1 id="entries-title" className={styles.panelTitle}>
            {t(groupCopyKey(group))}
          </h1>
          <p className={styles.panelLead}>{t('editor.entriesLead')}</p>
        </div>
        {editable ? <NewEntry group={group} /> : null}
      </div>
      {actions.message ? (
        <div
          role={actions.message.kind === 'error' ? 'alert' : 'status'}
          className={actions.message.kind === 'error' ? styles.listError : styles.listNote}
        >
          <p>{actions.message.text}</p>
          {actions.message.pages ? (
            <ul>
              {actions.message.pages.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          ) : null}
          {actions.message.after ? <p>{actions.message.after}</p> : null}
        </div>
      ) : null}
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
              {editable ? (
                <th scope="col">
                  <span className={styles.srOnly}>{t('editor.column.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {entries.data.entries.map((entry) => {
              const name = nameOf(entry);
              const layout = isLayoutEntry(group, entry.slug);
              return (
                <tr key={entry.slug}>
                  <td>
                    <Link className={styles.entryLink} to={entryPath(group, entry.slug)}>
                      {name}
                    </Link>
                    {layout ? (
                      <span className={styles.slug}>{t('editor.page.isPage', { name: pageName(group, partner, t).name })}</span>
                    ) : null}
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
                  {editable ? (
                    <td className={styles.rowActions}>
                      {layout ? null : (
                        <>
                          <button
                            type="button"
                            className={styles.smallButton}
                            aria-label={t('editor.entries.duplicateNamed', { name })}
                            disabled={actions.busy}
                            onClick={() => actions.duplicate(entry.slug)}
                          >
                            {t('editor.entries.duplicate')}
                          </button>
                          <button
                            type="button"
                            className={`${styles.smallButton} ${styles.deleteButton}`}
                            aria-label={t('editor.entries.deleteNamed', { name })}
                            disabled={actions.busy}
                            onClick={() => actions.askDelete({ slug: entry.slug, name, revision: entry.revision })}
                          >
                            {t('editor.entries.delete')}
                          </button>
                        </>
                      )}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {actions.asking ? (
        <ConfirmDialog
          title={t('editor.entries.deleteAsk.title', { name: actions.asking.name })}
          body={t('editor.entries.deleteAsk.body')}
          actions={[
            { label: t('editor.entries.deleteAsk.confirm'), kind: 'danger', onClick: actions.confirmDelete },
            { label: t('editor.entries.deleteAsk.cancel'), kind: 'secondary', onClick: actions.cancelDelete },
          ]}
          onCancel={actions.cancelDelete}
        />
      ) : null}
    </section>
  );
}

interface ListMessage {
  kind: 'error' | 'done';
  text: string;
  /** A refused delete: the pages that use the entry. */
  pages?: string[];
  after?: string;
}

/** Duplicate and Delete of one list's rows, and what the last of them said. */
function useEntryActions(group: CmsContentName) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ListMessage | null>(null);
  const [asking, setAsking] = useState<{ slug: string; name: string; revision: number } | null>(null);
  const failed = (error: unknown) =>
    setMessage({ kind: 'error', text: t('editor.entries.failed', { message: error instanceof Error ? error.message : String(error) }) });

  const duplicate = (slug: string) => {
    setBusy(true);
    setMessage(null);
    duplicateEntry(group, slug)
      .then(async (copy) => {
        await queryClient.invalidateQueries({ queryKey: entriesKey(group) });
        void navigate(entryPath(group, copy.slug));
      })
      .catch((error: unknown) => {
        setBusy(false);
        failed(error);
      });
  };

  const confirmDelete = () => {
    const target = asking;
    setAsking(null);
    if (!target) return;
    setBusy(true);
    setMessage(null);
    deleteEntry(group, target.slug, target.revision)
      .then(async () => {
        queryClient.removeQueries({ queryKey: entryKey(group, target.slug) });
        await queryClient.invalidateQueries({ queryKey: entriesKey(group) });
        setMessage({ kind: 'done', text: t('editor.entries.deleted', { name: target.name }) });
      })
      .catch(async (error: unknown) => {
        const pages = inUseOf(error);
        if (pages) {
          setMessage({
            kind: 'error',
            text: t('editor.entries.inUse', { name: target.name }),
            pages,
            after: t('editor.entries.inUseAfter'),
          });
        } else if (conflictOf(error)) {
          await queryClient.invalidateQueries({ queryKey: entriesKey(group) });
          setMessage({ kind: 'error', text: t('editor.entries.deleteStale', { name: target.name }) });
        } else failed(error);
      })
      .finally(() => setBusy(false));
  };

  return {
    busy,
    message,
    asking,
    duplicate,
    askDelete: setAsking,
    confirmDelete,
    cancelDelete: () => setAsking(null),
  };
}

/** "New entry": asks for a name, then makes a draft with the group's empty fields and opens it. */
function NewEntry({ group }: { group: CmsContentName }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <NewEntryForm
      group={group}
      primary
      openLabel={t('editor.entries.new')}
      nameLabel={t('editor.entries.newName')}
      onCreated={(entry) => void navigate(entryPath(group, entry.slug))}
    />
  );
}

// One formatter for every date the editor shows: toLocaleString made a new one per call, about a
// millisecond each, and the history lists format every version's date whenever the editor redraws.
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : DATE_TIME.format(date);
}
