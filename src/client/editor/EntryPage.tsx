// One CMS entry: the page layouts open in the visual editor, every other entry in a form made from
// its group's schema. The validators the screen checks with are loaded first (their own chunks).
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import { cmsEntryValidatorName } from '#shared/cms-validator-names.ts';
import type { CmsEditorEntry } from '#shared/generated/types.ts';
import type { CmsContentName } from '#shared/cms.ts';
import { useValidators } from './validators.ts';
import { layoutValidatorNames, type Layout } from './layout/model.ts';
import { useT } from './copy.tsx';
import { useEntry } from './api/entries.ts';
import { groupFromSegment, groupPath, isLayoutEntry } from './groups.ts';
import { EntryForm } from './EntryForm.tsx';
import styles from './Editor.module.css';

// The visual editor (drag and drop, palette, outline) only for page layouts.
const LayoutEditor = lazy(() => import('./layout/LayoutEditor.tsx').then((m) => ({ default: m.LayoutEditor })));

export function EntryPage() {
  const t = useT();
  const params = useParams();
  const group = groupFromSegment(params.group);
  const slug = params.slug ?? '';
  const entry = useEntry(group ?? 'home', slug);
  const validators = useValidators(group && entry.data ? validatorsFor(group, slug, entry.data) : []);
  if (!group) {
    return (
      <main className={styles.centered} id="main">
        <h1>{t('editor.notFound')}</h1>
        <Link to="/editor">{t('editor.backToList')}</Link>
      </main>
    );
  }
  if (entry.isPending || (entry.data && validators === 'loading')) {
    return (
      <main className={styles.centered} id="main">
        <p role="status">{t('editor.loading')}</p>
      </main>
    );
  }
  if (entry.isError || validators === 'failed') {
    return (
      <main className={styles.centered} id="main">
        <h1>{t('editor.notFound')}</h1>
        <Link to={groupPath(group)}>{t('editor.backToList')}</Link>
      </main>
    );
  }
  // Keyed by the entry, so opening another one starts with fresh state and history.
  return isLayoutEntry(group, slug) ? (
    <Suspense
      fallback={
        <main className={styles.centered} id="main">
          <p role="status">{t('editor.loading')}</p>
        </main>
      }
    >
      <LayoutEditor key={`${group}/${slug}`} group={group} slug={slug} entry={entry.data} />
    </Suspense>
  ) : (
    <EntryForm key={`${group}/${slug}`} group={group} slug={slug} entry={entry.data} />
  );
}

/** The validators an entry's screen needs: its group's, or the layout's and its block types'. */
function validatorsFor(group: CmsContentName, slug: string, entry: CmsEditorEntry): string[] {
  if (!isLayoutEntry(group, slug)) return [cmsEntryValidatorName(group, slug)];
  const fields = (entry.draft ?? entry.published ?? { version: 1, blocks: {}, order: [] }) as unknown as Layout;
  return layoutValidatorNames({ ...fields, blocks: fields.blocks ?? {} });
}
