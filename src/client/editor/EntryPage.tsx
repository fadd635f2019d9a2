// One CMS entry: the page layouts open in the visual editor, every other entry in a form made from
// its group's schema.
import { Link, useParams } from 'react-router';
import { useT } from './copy.tsx';
import { useEntry } from './api/entries.ts';
import { groupFromSegment, groupPath, isLayoutEntry } from './groups.ts';
import { EntryForm } from './EntryForm.tsx';
import { LayoutEditor } from './layout/LayoutEditor.tsx';
import styles from './Editor.module.css';

export function EntryPage() {
  const t = useT();
  const params = useParams();
  const group = groupFromSegment(params.group);
  const slug = params.slug ?? '';
  const entry = useEntry(group ?? 'home', slug);
  if (!group) {
    return (
      <main className={styles.centered} id="main">
        <h1>{t('editor.notFound')}</h1>
        <Link to="/editor">{t('editor.backToList')}</Link>
      </main>
    );
  }
  if (entry.isPending) {
    return (
      <main className={styles.centered} id="main">
        <p role="status">{t('editor.loading')}</p>
      </main>
    );
  }
  if (entry.isError) {
    return (
      <main className={styles.centered} id="main">
        <h1>{t('editor.notFound')}</h1>
        <Link to={groupPath(group)}>{t('editor.backToList')}</Link>
      </main>
    );
  }
  // Keyed by the entry, so opening another one starts with fresh state and history.
  return isLayoutEntry(group, slug) ? (
    <LayoutEditor key={`${group}/${slug}`} group={group} slug={slug} entry={entry.data} />
  ) : (
    <EntryForm key={`${group}/${slug}`} group={group} slug={slug} entry={entry.data} />
  );
}
