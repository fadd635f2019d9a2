// The selected block's fields (its props schema), who sees it (`when`, with the plain-language
// summary), hidden or shown; or, with no block selected, the page's own settings.
import layoutSchema from '#schemas/layout.schema.json';
import type { CmsContentName } from '#shared/cms.ts';
import { useT } from '../copy.tsx';
import { SchemaForm, type ChangeHandler } from '../form/SchemaForm.tsx';
import type { ProblemMap } from '../form/problems.ts';
import { escapeSegment, type JsonSchema } from '../form/schema.ts';
import { BLOCKS } from '../schemas.ts';
import { blockTitle, whenSummary, type Layout } from './model.ts';
import { WhenEditor } from './WhenEditor.tsx';
import { blockEntry, EntryPanel } from './EntryPanel.tsx';
import type { EntryDrafts } from './useEntryDrafts.ts';
import styles from './LayoutEditor.module.css';

interface Props {
  group: CmsContentName;
  layout: Layout;
  selected: string | null;
  problems: ProblemMap;
  onChange: ChangeHandler;
  onRemove: (id: string) => void;
  /** The entries the page's blocks show, as edited here. */
  entryDrafts: EntryDrafts;
}

// Its own scope (`page`) for the editor's words of its one field.
const PAGE_SCHEMA: JsonSchema = {
  $id: 'cms/page.schema.json',
  type: 'object',
  properties: { title: (layoutSchema as JsonSchema).properties!.title! },
};

export function Inspector({ group, layout, selected, problems, onChange, onRemove, entryDrafts }: Props) {
  const t = useT();
  const block = selected ? layout.blocks[selected] : undefined;
  if (!selected || !block) {
    return (
      <section className={styles.inspector} aria-labelledby="inspector-title">
        <h2 id="inspector-title" className={styles.columnTitle}>
          {t('editor.inspector.page')}
        </h2>
        <p className={styles.muted}>{t('editor.inspector.pick')}</p>
        <SchemaForm schema={PAGE_SCHEMA} value={layout} onChange={onChange} problems={problems} basePointer="" />
      </section>
    );
  }
  const info = BLOCKS.get(block.type);
  const base = `/blocks/${escapeSegment(selected)}`;
  const within =
    (prefix: Array<string | number>): ChangeHandler =>
    (path, value) =>
      onChange(['blocks', selected, ...prefix, ...path], value);
  const shows = blockEntry(block, group);
  return (
    <section className={styles.inspector} aria-labelledby="inspector-title">
      <div className={styles.inspectorHead}>
        <h2 id="inspector-title" className={styles.columnTitle}>
          {info ? blockTitle(block) : t('editor.outline.unknownType', { type: block.type })}
        </h2>
      </div>
      {info?.description ? <p className={styles.muted}>{info.description}</p> : null}
      {!info ? (
        <div className={styles.warning}>
          <p>{t('editor.inspector.unknown')}</p>
          <button type="button" className={styles.secondaryButton} onClick={() => onRemove(selected)}>
            {t('editor.inspector.removeBlock')}
          </button>
        </div>
      ) : shows ? (
        <details className={styles.section} open>
          <summary>{t('editor.inspector.content')}</summary>
          <EntryPanel
            target={shows}
            drafts={entryDrafts}
            // The group too: the block then shows this entry wherever the page is rendered.
            onPick={(slug) => onChange(['blocks', selected, 'props'], { ...(block.props ?? {}), slug, group: shows.group })}
          />
        </details>
      ) : (
        <details className={styles.section} open>
          <summary>{t('editor.inspector.content')}</summary>
          <SchemaForm
            schema={info.schema}
            value={block.props ?? {}}
            onChange={within(['props'])}
            problems={problems}
            basePointer={`${base}/props`}
          />
        </details>
      )}
      <details className={styles.section} open>
        <summary>{t('editor.inspector.audience')}</summary>
        <p className={styles.whenSummary} aria-live="polite">
          {whenSummary(block.when, t)}
        </p>
        <WhenEditor value={block.when} onChange={within(['when'])} problems={problems} pointer={`${base}/when`} />
      </details>
    </section>
  );
}
