// The blocks of the page in order: drag (pointer) or move with the keyboard (Space, arrows, Space)
// to reorder, with @dnd-kit's screen-reader announcements in the editor's words. Each item shows
// its type's name, a one-line summary, who sees it, and its actions.
import { memo, useMemo, useRef } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useT } from '../copy.tsx';
import { BLOCKS } from '../schemas.ts';
import { blockSummary, blockTitle, whenSummary, type Layout, type SummaryContext } from './model.ts';
import { usePartner } from '../partner.tsx';
import { NO_STATS, type BlockStats } from './stats.ts';
import { blockUnavailable, reasonText, whenUnavailable } from './availability.ts';
import styles from './LayoutEditor.module.css';

interface Props {
  layout: Layout;
  selected: string | null;
  invalid: ReadonlySet<string>;
  /** Members' views and clicks of each block in the last days (null while unknown). */
  stats: ReadonlyMap<string, BlockStats> | null;
  /** Who sees each banner, with its entry's setting counted in (../audience.ts); other blocks read their `when`. */
  audiences?: ReadonlyMap<string, { sentence: string; conflict: string | null }>;
  onSelect: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (id: string) => void;
  onToggle: (id: string) => void;
  onRemove: (id: string) => void;
  /** Opens the palette to add a block at this position. */
  onInsert: (at: number) => void;
  summaryContext: SummaryContext;
}

export function Outline({
  layout,
  selected,
  invalid,
  stats,
  audiences,
  onSelect,
  onMove,
  onDuplicate,
  onToggle,
  onRemove,
  onInsert,
  summaryContext,
}: Props) {
  const t = useT();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const order = layout.order;
  // The announcements read the layout when they are made, from a ref: they stay the same object
  // across edits, so the drag context (and every item under it) does not redraw per keystroke.
  const latest = useRef(layout);
  latest.current = layout;
  const announcements: Announcements = useMemo(() => {
    const nameOf = (id: string | number) => blockTitle(latest.current.blocks[String(id)]);
    const position = (id: string | number) => latest.current.order.indexOf(String(id)) + 1;
    const total = () => latest.current.order.length;
    return {
      onDragStart: ({ active }) => t('editor.dnd.pickedUp', { name: nameOf(active.id), position: position(active.id), total: total() }),
      onDragOver: ({ active, over }) =>
        over ? t('editor.dnd.over', { name: nameOf(active.id), position: position(over.id), total: total() }) : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t('editor.dnd.dropped', { name: nameOf(active.id), position: position(over.id), total: total() })
          : t('editor.dnd.cancelled', { name: nameOf(active.id) }),
      onDragCancel: ({ active }) => t('editor.dnd.cancelled', { name: nameOf(active.id) }),
    };
  }, [t]);
  const instructionText = t('editor.dnd.instructions');
  const instructions: ScreenReaderInstructions = useMemo(() => ({ draggable: instructionText }), [instructionText]);
  const accessibility = useMemo(() => ({ announcements, screenReaderInstructions: instructions }), [announcements, instructions]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(order.indexOf(String(active.id)), order.indexOf(String(over.id)));
  };

  if (order.length === 0) return <p className={styles.emptyOutline}>{t('editor.outline.empty')}</p>;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <ol className={styles.outline} aria-label={t('editor.outline.title')}>
          {order.map((id, index) => (
            <OutlineItem
              key={id}
              id={id}
              index={index}
              block={layout.blocks[id]}
              selected={selected === id}
              invalid={invalid.has(id)}
              stats={stats ? (stats.get(id) ?? NO_STATS) : null}
              audienceSentence={audiences?.get(id)?.sentence ?? null}
              audienceConflict={audiences?.get(id)?.conflict ?? null}
              onSelect={onSelect}
              onDuplicate={onDuplicate}
              onToggle={onToggle}
              onRemove={onRemove}
              onInsert={onInsert}
              summaryContext={summaryContext}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

// One item re-renders only when its own block, place or state changes: typing in a block's field
// changes one block object (immer keeps the others), so a keystroke redraws one item, not all of them
// (the callbacks from LayoutEditor are stable; the audience is passed as its two strings).
const OutlineItem = memo(function OutlineItem({
  id,
  index,
  block,
  selected,
  invalid,
  stats,
  audienceSentence,
  audienceConflict,
  onSelect,
  onDuplicate,
  onToggle,
  onRemove,
  onInsert,
  summaryContext,
}: {
  id: string;
  index: number;
  block: Layout['blocks'][string];
  selected: boolean;
  invalid: boolean;
  stats: BlockStats | null;
  audienceSentence: string | null;
  audienceConflict: string | null;
  onSelect: (id: string) => void;
  onDuplicate: (id: string) => void;
  onToggle: (id: string) => void;
  onRemove: (id: string) => void;
  onInsert: (at: number) => void;
  summaryContext: SummaryContext;
}) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const known = block ? BLOCKS.has(block.type) : false;
  const name = block
    ? known
      ? blockTitle(block)
      : t('editor.outline.unknownType', { type: block.type })
    : t('editor.outline.missing', { id });
  const summary = blockSummary(block, summaryContext);
  const disabled = block?.disabled === true;
  const partner = usePartner();
  const unavailable = block ? (blockUnavailable(block.type, partner) ?? whenUnavailable(block.when, partner)) : null;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={[
        styles.item,
        selected ? styles.itemSelected : '',
        isDragging ? styles.itemDragging : '',
        disabled ? styles.itemDisabled : '',
      ]
        .filter(Boolean)
        .join(' ')}
      data-block-id={id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        {...attributes}
        {...listeners}
        aria-label={t('editor.outline.move', { name, position: index + 1 })}
      >
        <svg viewBox="0 0 12 18" width="12" height="18" aria-hidden="true">
          {[3, 9].map((x) => [3, 9, 15].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="currentColor" />))}
        </svg>
      </button>
      <button type="button" className={styles.itemMain} onClick={() => onSelect(id)} aria-pressed={selected}>
        <span className={styles.itemName}>
          {name}
          {invalid || !known ? <span className={styles.problemTag}>{t('editor.outline.needsFix')}</span> : null}
          {disabled ? <span className={styles.offTag}>{t('editor.outline.hidden')}</span> : null}
        </span>
        {summary ? <span className={styles.itemSummary}>{summary}</span> : null}
        <span className={styles.itemWhen}>{audienceSentence ?? whenSummary(block?.when, t)}</span>
        {audienceConflict ? <span className={styles.hiddenReason}>{audienceConflict}</span> : null}
        {unavailable ? <span className={styles.hiddenReason}>{reasonText(unavailable, t)}</span> : null}
        {stats !== null ? (
          <span className={styles.itemSeen}>
            {t('editor.outline.stats', { views: stats.views.toLocaleString(), clicks: stats.clicks.toLocaleString() })}
          </span>
        ) : null}
      </button>
      <span className={styles.itemActions}>
        <button
          type="button"
          className={styles.itemAction}
          onClick={() => onInsert(index + 1)}
          aria-label={t('editor.outline.addBelow', { name: summary || name })}
          title={t('editor.outline.addBelowShort')}
        >
          <svg viewBox="0 0 16 16" width="15" height="15" aria-hidden="true">
            <path d="M8 3v10M3 8h10" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
        <button
          type="button"
          className={styles.itemAction}
          onClick={() => onDuplicate(id)}
          aria-label={t('editor.outline.duplicate', { name })}
          title={t('editor.outline.duplicateShort')}
        >
          <svg viewBox="0 0 16 16" width="15" height="15" aria-hidden="true">
            <rect x="5" y="5" width="9" height="9" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M3 11V3a1 1 0 0 1 1-1h7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
        <button
          type="button"
          className={styles.itemAction}
          onClick={() => onToggle(id)}
          aria-label={t(disabled ? 'editor.outline.enable' : 'editor.outline.disable', { name })}
          title={t(disabled ? 'editor.outline.enableShort' : 'editor.outline.disableShort')}
        >
          <svg viewBox="0 0 16 16" width="15" height="15" aria-hidden="true">
            <path
              d="M1.5 8s2.5-4.5 6.5-4.5S14.5 8 14.5 8s-2.5 4.5-6.5 4.5S1.5 8 1.5 8z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            />
            <circle cx="8" cy="8" r="2" fill="currentColor" />
            {disabled ? <path d="M2 14L14 2" stroke="currentColor" strokeWidth="1.5" /> : null}
          </svg>
        </button>
        <button
          type="button"
          className={styles.itemAction}
          onClick={() => onRemove(id)}
          aria-label={t('editor.outline.remove', { name })}
          title={t('editor.outline.removeShort')}
        >
          <svg viewBox="0 0 16 16" width="15" height="15" aria-hidden="true">
            <path
              d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </span>
    </li>
  );
});
