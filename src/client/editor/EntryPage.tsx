// One CMS entry: the page layouts open in the visual editor, every other entry in a form made from
// its group's schema. The validators the screen checks with are loaded first (their own chunks).
import { useParams } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import { cmsEntryValidatorName } from '#shared/cms-validator-names.ts';
import type { CmsEditorEntry } from '#shared/generated/types.ts';
import type { CmsContentName } from '#shared/cms.ts';
import { useQueries } from '@tanstack/react-query';
import { useValidators } from './validators.ts';
import { impressionsQuery } from './api/impressions.ts';
import { pageQuery } from './api/pages.ts';
import { layoutValidatorNames, type Layout } from './layout/model.ts';
import { useT } from './copy.tsx';
import { entriesQuery, useEntry } from './api/entries.ts';
import { groupFromSegment, groupPath, isLayoutEntry } from './groups.ts';
import { EntryForm } from './EntryForm.tsx';
import { loadable, useLoadable } from './loadable.ts';
import styles from './Editor.module.css';

// The visual editor (drag and drop, palette, outline) only for page layouts: its code loads alongside
// the entry and its validators, not after them (and not behind Suspense: loadable.ts).
const layoutEditorCode = loadable(() => import('./layout/LayoutEditor.tsx'));

export function EntryPage() {
  const t = useT();
  const params = useParams();
  const group = groupFromSegment(params.group);
  const slug = params.slug ?? '';
  const entry = useEntry(group ?? 'home', slug);
  const validators = useValidators(group && entry.data ? validatorsFor(group, slug, entry.data) : []);
  const layout = group !== null && isLayoutEntry(group, slug);
  const layoutCode = useLoadable(layoutEditorCode, layout);
  // What else the layout editor's outline and status line show (the entries' names in the summaries,
  // the views per block, what publishing carries), asked alongside the entry: the editor opens with
  // them, so its outline does not shift under the pointer a moment after it appears.
  const around = useQueries({
    queries: [
      { ...entriesQuery('home'), enabled: layout },
      { ...entriesQuery('discover'), enabled: layout },
      { ...impressionsQuery(), enabled: layout },
      { ...pageQuery(group === 'discover' ? 'discover' : 'home'), enabled: layout },
    ],
  });
  const aroundPending = around.some((query) => query.isLoading);
  if (!group) {
    return (
      <main className={styles.centered} id="main">
        <h1>{t('editor.notFound')}</h1>
        <Link to="/editor">{t('editor.backToList')}</Link>
      </main>
    );
  }
  if (entry.isPending || (entry.data && validators === 'loading') || (layout && (layoutCode === 'loading' || aroundPending))) {
    return (
      <main className={styles.centered} id="main">
        <p role="status">{t('editor.loading')}</p>
      </main>
    );
  }
  if (entry.isError || validators === 'failed' || (layout && layoutCode === 'failed')) {
    return (
      <main className={styles.centered} id="main">
        <h1>{t('editor.notFound')}</h1>
        <Link to={groupPath(group)}>{t('editor.backToList')}</Link>
      </main>
    );
  }
  // Keyed by the entry, so opening another one starts with fresh state and history.
  return layout && typeof layoutCode !== 'string' ? (
    <layoutCode.LayoutEditor key={`${group}/${slug}`} group={group} slug={slug} entry={entry.data} />
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
