// A CMS entry other than a page layout: a form generated from its group's JSON Schema, checked by
// the precompiled validator as it is typed, autosaved as a draft, published, rolled back.
import { useCallback, useMemo, useRef, useState } from 'react';
import { LAYOUT_SLUG, type CmsContentName } from '#shared/cms.ts';
import { cmsEntryValidatorName } from '#shared/cms-validator-names.ts';
import type { CmsEditorEntry } from '#shared/generated/types.ts';
import { useT } from './copy.tsx';
import { groupCopyKey, LAYOUT_GROUPS, pageName, pagesOf } from './groups.ts';
import { statesSeeing } from '#shared/audience.ts';
import { audienceContext, entryUserStates } from './audience.ts';
import { SchemaForm, type Path } from './form/SchemaForm.tsx';
import { toProblemMap, uniqueProblems } from './form/problems.ts';
import { entryProblems } from '#shared/cms-problems.ts';
import { usePartner } from './partner.tsx';
import { useEntryName } from './entryName.ts';
import { fieldId } from './form/schema.ts';
import { pointerLabel, scopeOf } from './form/words.ts';
import { entrySchema } from './schemas.ts';
import { setAtPath, useUndoable } from './undoable.ts';
import { useUndoKeys } from './useUndoKeys.ts';
import { cachedValidator } from './validators.ts';
import { useEntryWorkflow } from './useEntryWorkflow.ts';
import { ProblemList, type NamedProblem } from './ProblemList.tsx';
import { History } from './History.tsx';
import { Toolbar } from './Toolbar.tsx';
import { Preview } from './preview/Preview.tsx';
import styles from './Editor.module.css';

type Fields = Record<string, unknown>;

export function EntryForm({ group, slug, entry }: { group: CmsContentName; slug: string; entry: CmsEditorEntry }) {
  const t = useT();
  const nameOf = useEntryName();
  const schema = entrySchema(group);
  const state = useUndoable<Fields>(() => structuredClone(entry.draft ?? entry.published ?? {}));
  useUndoKeys(state.undo, state.redo);
  // Loaded before this form shows (EntryPage); without it, the server still checks on save.
  const validate = useMemo(() => cachedValidator(cmsEntryValidatorName(group, slug)), [group, slug]);
  const partner = usePartner();
  // The rules the server refuses a publish with: the schema and the link rule (with this partner's routes).
  const localProblems = useMemo(
    () => entryProblems({ contentName: group, slug, fields: state.value, validate: validate ?? null, links: partner }),
    [group, slug, validate, state.value, partner],
  );
  const latestRevision = useRef(state.revision);
  latestRevision.current = state.revision;
  const { reset } = state;
  // A rollback or a reload after a conflict shows the server's fields with a fresh history.
  const onReplaced = useCallback(
    (fields: Fields) => {
      reset(fields);
      return latestRevision.current + 1;
    },
    [reset],
  );
  const workflow = useEntryWorkflow({
    group,
    slug,
    entry,
    fields: state.value,
    revision: state.revision,
    localProblems,
    onReplaced,
    applyEdit: state.change,
  });
  const problems = useMemo(() => uniqueProblems([...localProblems, ...workflow.serverProblems]), [localProblems, workflow.serverProblems]);
  const problemMap = useMemo(() => toProblemMap(problems), [problems]);
  const onChange = useCallback(
    (path: Path, value: unknown) => state.change((draft) => setAtPath(draft, path, value), path.join('/')),
    [state],
  );
  // Where the entry shows, as the entry was opened (a save's answer does not say; the entry page is
  // remade per entry, and no page changes from here).
  const [usedOn] = useState(entry.used_on);
  // A banner no page shows reaches no member (a home bonus banner may show in the account overview instead).
  const unplaced =
    (group === 'home' || group === 'discover') &&
    usedOn !== undefined &&
    usedOn.length === 0 &&
    !(group === 'home' && (state.value as { category?: unknown }).category === 'bonus');
  // Banners of home and discover show in the live preview of a page that shows them.
  const bannerPreview = useBannerPreview(group, slug, usedOn ?? [], state.value);
  const previewEntries = useMemo(
    () => [{ group, slug, fields: state.value }, ...bannerPreview.entries],
    [group, slug, state.value, bannerPreview.entries],
  );
  const named: NamedProblem[] = problems.map((p) => ({
    ...p,
    label: (schema && pointerLabel(t, scopeOf(schema), p.pointer)) || t('editor.problems.entry'),
  }));
  const jump = (problem: NamedProblem) => {
    let pointer = problem.pointer;
    for (;;) {
      const element = document.getElementById(fieldId(pointer));
      if (element) {
        element.focus();
        element.scrollIntoView({ block: 'center' });
        return;
      }
      if (!pointer) return;
      pointer = pointer.slice(0, pointer.lastIndexOf('/'));
    }
  };

  return (
    <div className={styles.entryLayout}>
      <Toolbar group={group} title={nameOf({ name: workflow.entry.name, slug })} state={state} workflow={workflow} unplaced={unplaced} />
      <div className={styles.entryBody}>
        <main className={styles.formColumn} id="main">
          <UsedOn pages={usedOn ?? []} unplaced={unplaced} />
          {workflow.showProblems ? <ProblemList problems={named} onJump={jump} /> : null}
          <section className={styles.card} aria-label={t('editor.fields')}>
            {schema ? (
              <SchemaForm schema={schema} value={state.value} onChange={onChange} problems={problemMap} basePointer="" />
            ) : (
              <p>{t('editor.noSchema')}</p>
            )}
          </section>
        </main>
        <aside className={styles.sideColumn} aria-label={t('editor.side')}>
          {group === 'home' || group === 'discover' ? (
            <Preview
              group={group}
              entries={previewEntries}
              path={bannerPreview.path}
              initialState={bannerPreview.state}
              lead={bannerPreview.lead}
            />
          ) : null}
          <History group={group} slug={slug} current={workflow.entry.version} onRollback={workflow.rollback} draft={state.value} />
        </aside>
      </div>
    </div>
  );
}

/**
 * Where a banner is previewed: on the first page members see that places it, as a member state it
 * is shown to; a banner no such page places is previewed alone, in a page holding only it, and the
 * preview says so (it reaches no member until a page shows it).
 */
function useBannerPreview(
  group: CmsContentName,
  slug: string,
  usedOn: ReadonlyArray<'home' | 'discover'>,
  fields: Record<string, unknown>,
) {
  const t = useT();
  const partner = usePartner();
  const state = statesSeeing(undefined, entryUserStates(fields), audienceContext(partner, new Date()))[0]?.key;
  const placing = usedOn.find((page) => pageName(page, partner, t).seen);
  const seenLayout = LAYOUT_GROUPS.find((page) => pageName(page, partner, t).seen) ?? 'home';
  const alone = placing === undefined;
  const entries = useMemo(
    () =>
      alone
        ? [
            {
              group: seenLayout,
              slug: LAYOUT_SLUG,
              fields: { version: 1, blocks: { [BANNER_ALONE]: { type: 'cms-banner', props: { slug, group } } }, order: [BANNER_ALONE] },
            },
          ]
        : [],
    [alone, seenLayout, slug, group],
  );
  if (group !== 'home' && group !== 'discover') return { entries, path: undefined, state: undefined, lead: undefined };
  return {
    entries,
    path: pagesOf(placing ?? seenLayout, partner.homePage)[0],
    state,
    lead: alone ? t('editor.preview.bannerAlone') : t('editor.preview.bannerOn', { page: pageName(placing, partner, t).name }),
  };
}

/** The block id of a banner previewed on its own. */
const BANNER_ALONE = 'banner';

/** Before an entry several pages show is changed, the form says so (and which pages). */
function UsedOn({ pages, unplaced }: { pages: ReadonlyArray<'home' | 'discover'>; unplaced: boolean }) {
  const t = useT();
  if (unplaced) {
    return (
      <p className={styles.muted} role="note">
        {t('editor.usedOn.none')}
      </p>
    );
  }
  if (pages.length === 0) return null;
  const names = pages.map((page) => t(groupCopyKey(page))).join(', ');
  return (
    <p className={styles.muted} role="note">
      {pages.length === 1 ? t('editor.usedOn.one', { pages: names }) : t('editor.usedOn.many', { count: pages.length, pages: names })}
    </p>
  );
}
