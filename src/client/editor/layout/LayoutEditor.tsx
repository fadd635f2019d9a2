// The visual editor of a page layout (home, discover): outline, palette, the selected block's form,
// history, and every edit undoable (immer patches). Drafts autosave; publish is refused while any
// block is invalid, with the problems listed by block and field.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CmsContentName } from '#shared/cms.ts';
import type { CmsEditorEntry } from '#shared/generated/types.ts';
import { useT } from '../copy.tsx';
import type { Path } from '../form/SchemaForm.tsx';
import { toProblemMap, uniqueProblems } from '../form/problems.ts';
import { emptyValue, fieldId } from '../form/schema.ts';
import { pointerLabel, scopeOf } from '../form/words.ts';
import { BLOCKS, entrySchema } from '../schemas.ts';
import { pageName, pagesOf } from '../groups.ts';
import { setAtPath, useUndoable } from '../undoable.ts';
import { useUndoKeys } from '../useUndoKeys.ts';
import { useEntryWorkflow } from '../useEntryWorkflow.ts';
import { ProblemList, type NamedProblem } from '../ProblemList.tsx';
import { History } from '../History.tsx';
import { PageHistory } from '../history/PageHistory.tsx';
import { useBlockAudiences } from '../audience.ts';
import { Toolbar } from '../Toolbar.tsx';
import { Outline } from './Outline.tsx';
import { Palette } from './Palette.tsx';
import { Inspector } from './Inspector.tsx';
import { Preview, PREVIEW_SETTLE_MS, type PreviewEdit } from '../preview/Preview.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { entryQuery, useEntries } from '../api/entries.ts';
import { pageUnavailable, reasonText } from './availability.ts';
import { useImpressions } from '../api/impressions.ts';
import type { MemberState } from '#shared/member-state.ts';
import { blockStats } from './stats.ts';
import { StatsFrom } from './StatsFrom.tsx';
import { useEntryDrafts } from './useEntryDrafts.ts';
import { blockValidatorName, cachedValidator, loadValidators } from '../validators.ts';
import { usePartner } from '../partner.tsx';
import {
  blockLabel,
  blockSummary,
  blockTitle,
  emptyLayout,
  layoutProblems,
  newBlockId,
  problemBlockId,
  type Block,
  type Layout,
  type SummaryContext,
} from './model.ts';
import { blockEntry, entryPointer } from './EntryPanel.tsx';
import type { Translate } from '../copy.tsx';
import styles from './LayoutEditor.module.css';
import { pointerKeys } from '#shared/validation.ts';

function layoutOf(entry: CmsEditorEntry, prefer: 'draft' | 'published' = 'draft'): Layout {
  const fields = prefer === 'draft' ? (entry.draft ?? entry.published) : (entry.published ?? entry.draft);
  return fields ? (structuredClone(fields) as unknown as Layout) : emptyLayout();
}

/** Where a block added at `at` goes, in words. */
function insertWhere(layout: Layout, at: number, t: Translate, context: SummaryContext): string {
  const above = at > 0 ? layout.order[at - 1] : undefined;
  return above === undefined
    ? t('editor.palette.whereTop')
    : t('editor.palette.whereBelow', { name: blockLabel(layout.blocks[above], context) });
}

/** Summaries as members read them: banners by their entry's name, placeholders filled in. */
function useSummaryContext(placeholders: Readonly<Record<string, string>>, pageGroup: CmsContentName): SummaryContext {
  const home = useEntries('home');
  const discover = useEntries('discover');
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const [group, list] of [
      ['home', home.data],
      ['discover', discover.data],
    ] as const) {
      for (const entry of list?.entries ?? []) names.set(`${group}/${entry.slug}`, entry.name);
    }
    return {
      placeholders,
      entryName: (block) => {
        const shows = blockEntry(block, pageGroup);
        return shows ? (names.get(`${shows.group}/${shows.slug}`) ?? null) : null;
      },
    };
  }, [home.data, discover.data, placeholders, pageGroup]);
}

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function LayoutEditor({ group, slug, entry }: { group: CmsContentName; slug: string; entry: CmsEditorEntry }) {
  const t = useT();
  const state = useUndoable<Layout>(() => layoutOf(entry));
  useUndoKeys(state.undo, state.redo);
  const layout = state.value;
  const latestLayout = useRef(layout);
  latestLayout.current = layout;
  const [selected, setSelected] = useState<string | null>(null);
  // Where the palette adds a block (an index into the order), or null while it is closed.
  const [insertAt, setInsertAt] = useState<number | null>(null);
  const [focusPointer, setFocusPointer] = useState<string | null>(null);
  const partner = usePartner();
  const localProblems = useMemo(() => layoutProblems(layout, partner), [layout, partner]);
  const latestRevision = useRef(state.revision);
  latestRevision.current = state.revision;
  const { reset } = state;
  // A rollback or a reload after a conflict shows the server's layout with a fresh history.
  const onReplaced = useCallback(
    (fields: Record<string, unknown>) => {
      reset(Object.keys(fields).length ? (fields as unknown as Layout) : emptyLayout());
      return latestRevision.current + 1;
    },
    [reset],
  );
  const workflow = useEntryWorkflow({
    group,
    slug,
    entry,
    fields: layout as unknown as Record<string, unknown>,
    revision: state.revision,
    localProblems,
    onReplaced,
    applyEdit: state.change as unknown as (recipe: (draft: Record<string, unknown>) => void) => void,
    page: group === 'home' || group === 'discover' ? group : undefined,
  });
  const problems = useMemo(() => uniqueProblems([...localProblems, ...workflow.serverProblems]), [localProblems, workflow.serverProblems]);
  const problemMap = useMemo(() => toProblemMap(problems), [problems]);
  const invalid = useMemo(
    () => new Set(problems.map((p) => problemBlockId(p.pointer)).filter((id): id is string => id !== null)),
    [problems],
  );
  const { change } = state;
  const entryDrafts = useEntryDrafts();
  const summaryContext = useSummaryContext(partner.placeholders, group);
  const pageHidden = pageUnavailable(group, partner);
  const impressions = useImpressions();
  const [statsState, setStatsState] = useState<MemberState | null>(null);
  // Block ids are per layout: count only the pages this layout is shown on.
  const stats = useMemo(
    () => (impressions.data ? blockStats(impressions.data.blocks, pagesOf(group, partner.homePage), statsState) : null),
    [impressions.data, group, partner.homePage, statsState],
  );
  const previewEntries = useMemo(
    () => [{ group, slug, fields: layout as unknown as Record<string, unknown> }, ...entryDrafts.previewEntries],
    [group, slug, layout, entryDrafts.previewEntries],
  );
  const audiences = useBlockAudiences(layout, partner, t);
  // The comparison with a version lists every changed block: it follows the draft once typing
  // pauses, as the preview does, not on every keystroke.
  const settledLayout = useSettled(layout, PREVIEW_SETTLE_MS);

  // A selection that an undo took away is dropped.
  const current = selected && Object.hasOwn(layout.blocks, selected) ? selected : null;

  const onFieldChange = useCallback(
    (path: Path, value: unknown) =>
      change((draft) => {
        setAtPath(draft, path, value);
        // An audience with nothing chosen is "everyone": no `when` at all.
        if (path[0] === 'blocks' && path[2] === 'when') {
          const block = draft.blocks[String(path[1])];
          if (block?.when && Object.keys(block.when).length === 0) delete block.when;
        }
      }, path.join('/')),
    [change],
  );

  // A text typed in place in the preview: the block's own props, or a field of the entry it shows.
  const queryClient = useQueryClient();
  const { change: changeEntry } = entryDrafts;
  const onPreviewEdit = useCallback(
    (edit: PreviewEdit) => {
      const path = pointerKeys(edit.pointer).map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
      const target = edit.entry;
      if (!target) {
        onFieldChange(['blocks', edit.blockId, 'props', ...path], edit.text);
        return;
      }
      void queryClient.fetchQuery(entryQuery(target.group, target.slug)).then(
        (loaded) => changeEntry({ ...target, loaded }, path, edit.text),
        () => undefined,
      );
    },
    [onFieldChange, queryClient, changeEntry],
  );

  const move = useCallback(
    (from: number, to: number) =>
      change((draft) => {
        const [id] = draft.order.splice(from, 1);
        if (id !== undefined) draft.order.splice(to, 0, id);
      }),
    [change],
  );

  const add = (type: string, at: number) => {
    const info = BLOCKS.get(type);
    if (!info) return;
    const insert = () => {
      const id = newBlockId(latestLayout.current, type);
      change((draft) => {
        const props = emptyValue(info.schema, info.schema) as Record<string, unknown>;
        // A banner says which group its entry is in (the block renders the home group's otherwise,
        // wherever the page is): the group of the page it is added to, as the editor shows it.
        const shows = blockEntry({ type, props }, group);
        if (shows) props.group = shows.group;
        draft.blocks[id] = { type, props };
        draft.order.splice(Math.min(at, draft.order.length), 0, id);
      });
      setSelected(id);
    };
    // Its props validator first (its own chunk), so the new block is checked from the start.
    const name = blockValidatorName(type);
    if (!name || cachedValidator(name)) insert();
    else void loadValidators([name]).then(insert, insert);
  };

  // Stable (they read the latest layout from a ref), so the outline's items need not redraw per edit.
  const duplicate = useCallback(
    (id: string) => {
      const block = latestLayout.current.blocks[id];
      if (!block) return;
      const copy = newBlockId(latestLayout.current, id);
      change((draft) => {
        draft.blocks[copy] = structuredClone(block);
        draft.order.splice(draft.order.indexOf(id) + 1, 0, copy);
      });
      setSelected(copy);
    },
    [change],
  );

  const toggle = useCallback(
    (id: string) =>
      change((draft) => {
        const block = draft.blocks[id];
        if (!block) return;
        if (block.disabled) delete block.disabled;
        else block.disabled = true;
      }),
    [change],
  );

  const remove = useCallback(
    (id: string) => {
      change((draft) => {
        delete draft.blocks[id];
        draft.order = draft.order.filter((other) => other !== id);
      });
      setSelected((was) => (was === id ? null : was));
    },
    [change],
  );

  const select = useCallback((id: string) => setSelected((was) => (was === id ? null : id)), []);

  // A problem named as the editor sees it: the block by its name and summary, the field by its label.
  const blockNamed = (block: Block | undefined) => {
    const summary = blockSummary(block, summaryContext);
    return summary ? `${blockTitle(block)} “${summary}”` : blockTitle(block);
  };
  const labelled = (where: string, field: string) => (field ? `${where} › ${field}` : where);
  const named: NamedProblem[] = problems.map((p) => {
    const id = problemBlockId(p.pointer);
    const block = id ? layout.blocks[id] : undefined;
    const scope = block ? `block.${block.type}` : 'page';
    const field = pointerLabel(t, scope, id ? `/${p.pointer.split('/').slice(4).join('/')}` : p.pointer);
    return { ...p, label: labelled(id ? blockNamed(block) : t('editor.problems.page'), field) };
  });
  // The entries the page's blocks show (a banner's words) publish with it: their problems are named
  // by the block that shows them and the field in the block panel, and a jump goes there.
  for (const p of workflow.otherProblems) {
    const id = layout.order.find((blockId) => {
      const shows = blockEntry(layout.blocks[blockId], group);
      return shows !== null && shows.group === p.content_name && shows.slug === p.slug;
    });
    const block = id ? layout.blocks[id] : undefined;
    const schema = p.content_name === 'home' || p.content_name === 'discover' ? entrySchema(p.content_name) : null;
    const field = pointerLabel(t, schema ? scopeOf(schema) : '', p.pointer);
    named.push({
      pointer: `${p.content_name ?? ''}/${p.slug ?? ''}${p.pointer}`,
      message: p.message,
      label: labelled(block ? blockNamed(block) : (p.name ?? p.slug ?? ''), field),
      ...(id && p.slug ? { target: { block: id, pointer: `${entryPointer(p.slug)}${p.pointer}` } } : {}),
    });
  }

  const jump = (problem: NamedProblem) => {
    setSelected(problem.target?.block ?? problemBlockId(problem.pointer));
    setFocusPointer(problem.target?.pointer ?? problem.pointer);
  };

  // A refused publish takes the editor to its first problem.
  const firstProblem = useRef<NamedProblem | undefined>(undefined);
  firstProblem.current = named[0];
  useEffect(() => {
    if (workflow.refusals > 0 && firstProblem.current) jump(firstProblem.current);
    // Only when a publish is refused, not whenever the problems change.
  }, [workflow.refusals]);

  // After a jump, the field exists once the inspector shows its block (a banner's fields once its
  // entry has loaded): looked for on each frame for a moment, then the nearest field that exists.
  useEffect(() => {
    if (!focusPointer) return;
    let frame = 0;
    const started = performance.now();
    const find = () => {
      let pointer = focusPointer;
      const patient = performance.now() - started < 2000;
      for (;;) {
        const element = document.getElementById(fieldId(pointer));
        if (element) {
          element.focus();
          element.scrollIntoView({ block: 'center' });
          setFocusPointer(null);
          return;
        }
        if (patient || !pointer.includes('/')) break;
        pointer = pointer.slice(0, pointer.lastIndexOf('/'));
      }
      if (patient) frame = requestAnimationFrame(find);
      else setFocusPointer(null);
    };
    find();
    return () => cancelAnimationFrame(frame);
  }, [focusPointer, current]);

  return (
    <div className={styles.editor}>
      <Toolbar group={group} title={pageName(group, partner, t).name} state={state} workflow={workflow} />
      {pageHidden ? (
        <p className={styles.pageNotice} role="note">
          {reasonText(pageHidden, t)}
        </p>
      ) : null}
      {workflow.showProblems && named.length > 0 ? (
        <div className={styles.problemsBar}>
          <ProblemList problems={named} onJump={jump} />
        </div>
      ) : null}
      <div className={styles.columns}>
        <div className={styles.outlineColumn}>
          <div className={styles.columnHead}>
            <h2 className={styles.columnTitle}>{t('editor.outline.title')}</h2>
            <button
              type="button"
              className={styles.addBlock}
              // After the selected block, where the editor is looking; at the top when nothing is selected
              // (the bottom of a long page is the last place an editor expects a new block).
              onClick={() => setInsertAt((open) => (open === null ? (current ? layout.order.indexOf(current) + 1 : 0) : null))}
              aria-expanded={insertAt !== null}
            >
              {t('editor.outline.add')}
            </button>
          </div>
          {stats ? <StatsFrom value={statsState} onChange={setStatsState} /> : null}
          {insertAt !== null ? (
            <Palette
              group={group}
              where={insertWhere(layout, insertAt, t, summaryContext)}
              onAdd={(type) => {
                add(type, insertAt);
                setInsertAt(null);
              }}
              onClose={() => setInsertAt(null)}
            />
          ) : null}
          <Outline
            layout={layout}
            selected={current}
            invalid={invalid}
            stats={stats}
            audiences={audiences}
            summaryContext={summaryContext}
            onSelect={select}
            onMove={move}
            onDuplicate={duplicate}
            onToggle={toggle}
            onRemove={remove}
            onInsert={setInsertAt}
          />
        </div>
        <main className={styles.inspectorColumn} id="main">
          <Inspector
            group={group}
            layout={layout}
            selected={current}
            problems={problemMap}
            onChange={onFieldChange}
            onRemove={remove}
            entryDrafts={entryDrafts}
          />
        </main>
        <aside className={styles.sideColumn} aria-label={t('editor.side')}>
          <Preview group={group} entries={previewEntries} onSelect={setSelected} selected={current} onEdit={onPreviewEdit} />
          {workflow.page ? <PageHistory page={workflow.page} onRollback={workflow.rollbackPage} /> : null}
          <History
            group={group}
            slug={slug}
            current={workflow.entry.version}
            onRollback={workflow.rollback}
            draft={settledLayout as unknown as Record<string, unknown>}
            layout
          />
        </aside>
      </div>
    </div>
  );
}
