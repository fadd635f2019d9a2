// The blocks of the page in order: drag (pointer) or move with the keyboard (Space, arrows, Space)
// to reorder, with @dnd-kit's screen-reader announcements in the editor's words. Each item shows
// its type's name, a one-line summary, who sees it, and its actions.
import { memo, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
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
import { useT, type Translate } from '../copy.tsx';
import { BLOCKS } from '../schemas.ts';
import { blockSummary, blockTitle, whenSummary, type Block, type Layout, type SummaryContext } from './model.ts';
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
  // The items read their own block and state from this store, not from props: the drag context
  // (DndContext) redraws every sortable item whenever it redraws itself (its transform context is a
  // new object each time), so nothing that changes per keystroke may pass through it. A keystroke
  // changes one block object (immer keeps the others), so exactly one item redraws.
  const [store] = useState(() => new OutlineStore({ blocks: layout.blocks, selected, invalid, stats, audiences, summaryContext }));
  useLayoutEffect(() => {
    store.set({ blocks: layout.blocks, selected, invalid, stats, audiences, summaryContext });
  }, [store, layout.blocks, selected, invalid, stats, audiences, summaryContext]);
  // The announcements read the layout when they are made, from a ref: they stay the same object
  // across edits, so the drag context is not redrawn by them.
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

  if (layout.order.length === 0) return <p className={styles.emptyOutline}>{t('editor.outline.empty')}</p>;
  return (
    <SortableOutline
      order={layout.order}
      store={store}
      announcements={announcements}
      onSelect={onSelect}
      onMove={onMove}
      onDuplicate={onDuplicate}
      onToggle={onToggle}
      onRemove={onRemove}
      onInsert={onInsert}
    />
  );
}

/** What an item shows besides its place, kept outside React's props (see Outline). */
interface OutlineState {
  blocks: Layout['blocks'];
  selected: string | null;
  invalid: ReadonlySet<string>;
  stats: ReadonlyMap<string, BlockStats> | null;
  audiences: ReadonlyMap<string, { sentence: string; conflict: string | null }> | undefined;
  summaryContext: SummaryContext;
}

class OutlineStore {
  private listeners = new Set<() => void>();
  constructor(public state: OutlineState) {}
  set(next: OutlineState) {
    const was = this.state;
    if ((Object.keys(next) as Array<keyof OutlineState>).every((key) => next[key] === was[key])) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}

/** A part of the store's state; `pick` answers a primitive or an object that edits elsewhere keep. */
function useSlice<T>(store: OutlineStore, pick: (state: OutlineState) => T): T {
  return useSyncExternalStore(store.subscribe, () => pick(store.state));
}

interface SortableProps {
  order: readonly string[];
  store: OutlineStore;
  announcements: Announcements;
  onSelect: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (id: string) => void;
  onToggle: (id: string) => void;
  onRemove: (id: string) => void;
  onInsert: (at: number) => void;
}

/** The drag context and the list: redrawn only when the order (or a stable callback) changes. */
const SortableOutline = memo(function SortableOutline({
  order,
  store,
  announcements,
  onSelect,
  onMove,
  onDuplicate,
  onToggle,
  onRemove,
  onInsert,
}: SortableProps) {
  const t = useT();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const instructionText = t('editor.dnd.instructions');
  const instructions: ScreenReaderInstructions = useMemo(() => ({ draggable: instructionText }), [instructionText]);
  const accessibility = useMemo(() => ({ announcements, screenReaderInstructions: instructions }), [announcements, instructions]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(order.indexOf(String(active.id)), order.indexOf(String(over.id)));
  };
  // SortableContext wants a mutable array type; it does not change it.
  const items = order as string[];
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        <ol className={styles.outline} aria-label={t('editor.outline.title')}>
          {order.map((id, index) => (
            <OutlineItem
              key={id}
              id={id}
              index={index}
              store={store}
              onSelect={onSelect}
              onDuplicate={onDuplicate}
              onToggle={onToggle}
              onRemove={onRemove}
              onInsert={onInsert}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
});

// An item: its place in the drag (useSortable, redrawn by every change of the drag context) around
// its content (ItemContent, redrawn only when its own block or state changes).
const OutlineItem = memo(function OutlineItem({
  id,
  index,
  store,
  onSelect,
  onDuplicate,
  onToggle,
  onRemove,
  onInsert,
}: {
  id: string;
  index: number;
  store: OutlineStore;
  onSelect: (id: string) => void;
  onDuplicate: (id: string) => void;
  onToggle: (id: string) => void;
  onRemove: (id: string) => void;
  onInsert: (at: number) => void;
}) {
  const t = useT();
  const block = useSlice(store, (s) => (Object.hasOwn(s.blocks, id) ? s.blocks[id] : undefined));
  const selected = useSlice(store, (s) => s.selected === id);
  const invalid = useSlice(store, (s) => s.invalid.has(id));
  const stats = useSlice(store, (s) => (s.stats ? (s.stats.get(id) ?? NO_STATS) : null));
  const audienceSentence = useSlice(store, (s) => s.audiences?.get(id)?.sentence ?? null);
  const audienceConflict = useSlice(store, (s) => s.audiences?.get(id)?.conflict ?? null);
  const summaryContext = useSlice(store, (s) => s.summaryContext);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const name = blockName(block, id, t);
  const disabled = block?.disabled === true;
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
        {HANDLE_ICON}
      </button>
      <ItemContent
        id={id}
        index={index}
        block={block}
        selected={selected}
        invalid={invalid}
        stats={stats}
        audienceSentence={audienceSentence}
        audienceConflict={audienceConflict}
        summaryContext={summaryContext}
        onSelect={onSelect}
        onDuplicate={onDuplicate}
        onToggle={onToggle}
        onRemove={onRemove}
        onInsert={onInsert}
      />
    </li>
  );
});

const HANDLE_ICON = (
  <svg viewBox="0 0 12 18" width="12" height="18" aria-hidden="true">
    {[3, 9].map((x) => [3, 9, 15].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="currentColor" />))}
  </svg>
);

function blockName(block: Block | undefined, id: string, t: Translate): string {
  if (!block) return t('editor.outline.missing', { id });
  return BLOCKS.has(block.type) ? blockTitle(block) : t('editor.outline.unknownType', { type: block.type });
}

const ItemContent = memo(function ItemContent({
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
  block: Block | undefined;
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
  const known = block ? BLOCKS.has(block.type) : false;
  const name = blockName(block, id, t);
  const summary = blockSummary(block, summaryContext);
  const disabled = block?.disabled === true;
  const partner = usePartner();
  const unavailable = block ? (blockUnavailable(block.type, partner) ?? whenUnavailable(block.when, partner)) : null;
  return (
    <>
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
    </>
  );
});
