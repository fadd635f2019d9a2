// The blocks of the page in order: drag (pointer) or move with the keyboard (Space, arrows, Space)
// to reorder, with @dnd-kit's screen-reader announcements in the editor's words. Each item shows
// its type's name, a one-line summary, who sees it, and its actions.
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
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

/** The same keys hold the same values (a state or a slice of it, compared field by field). */
function sameFields<T extends object>(a: T, b: T): boolean {
  return (Object.keys(a) as Array<keyof T>).every((key) => a[key] === b[key]);
}

class OutlineStore {
  private listeners = new Set<() => void>();
  constructor(public state: OutlineState) {}
  set(next: OutlineState) {
    const was = this.state;
    if (sameFields(next, was)) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}

/** What one item shows of the store's state. */
interface ItemState {
  block: Block | undefined;
  selected: boolean;
  invalid: boolean;
  stats: BlockStats | null;
  audienceSentence: string | null;
  audienceConflict: string | null;
  summaryContext: SummaryContext;
}

function itemState(state: OutlineState, id: string): ItemState {
  const audience = state.audiences?.get(id);
  return {
    block: Object.hasOwn(state.blocks, id) ? state.blocks[id] : undefined,
    selected: state.selected === id,
    invalid: state.invalid.has(id),
    stats: state.stats ? (state.stats.get(id) ?? NO_STATS) : null,
    audienceSentence: audience?.sentence ?? null,
    audienceConflict: audience?.conflict ?? null,
    summaryContext: state.summaryContext,
  };
}

/**
 * The item's part of the store, the same object while none of its fields changed. One
 * subscription with a steady snapshot function: React adds a check after every render for each
 * subscription whose snapshot function is new, which for seven per item was 1,400 checks each time
 * a drag redrew a 200-block outline.
 */
function useItemState(store: OutlineStore, id: string): ItemState {
  const last = useRef<ItemState | null>(null);
  const snapshot = useCallback(() => {
    const next = itemState(store.state, id);
    const was = last.current;
    if (was && sameFields(next, was)) return was;
    last.current = next;
    return next;
  }, [store, id]);
  return useSyncExternalStore(store.subscribe, snapshot);
}

/** What an item's buttons do. */
interface ItemActions {
  onSelect: (id: string) => void;
  onDuplicate: (id: string) => void;
  onToggle: (id: string) => void;
  onRemove: (id: string) => void;
  onInsert: (at: number) => void;
}

interface SortableProps extends ItemActions {
  order: readonly string[];
  store: OutlineStore;
  announcements: Announcements;
  onMove: (from: number, to: number) => void;
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
  // While a block is dragged the other items slide out of its way: the list's `data-sorting` turns
  // their CSS transition on. Set on the element, not through React, so starting and ending a drag
  // restyles no item one by one (dnd-kit's own per-item transition did, 200 style writes a drop);
  // it is removed before the dropped order is drawn, so the items do not slide back from where
  // they were shifted.
  const list = useRef<HTMLOListElement>(null);
  const sorting = (on: boolean) => list.current?.toggleAttribute('data-sorting', on);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    sorting(false);
    if (!over || active.id === over.id) return;
    onMove(order.indexOf(String(active.id)), order.indexOf(String(over.id)));
  };
  // SortableContext wants a mutable array type; it does not change it.
  const items = order as string[];
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={() => sorting(true)}
      onDragEnd={onDragEnd}
      onDragCancel={() => sorting(false)}
      accessibility={accessibility}
    >
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        <ol ref={list} className={styles.outline} aria-label={t('editor.outline.title')}>
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
  ...actions
}: ItemActions & { id: string; index: number; store: OutlineStore }) {
  const t = useT();
  const state = useItemState(store, id);
  const { block, selected } = state;
  // No transition from dnd-kit: the list's `data-sorting` gives one (see SortableOutline).
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useSortable({ id, transition: null });
  const name = blockName(block, id, t);
  const disabled = block?.disabled === true;
  return (
    <li
      ref={setNodeRef}
      // Only a shifted item gets a transform, and a 2D one: dnd-kit gives every item of a dragged
      // list an identity translate3d, which made each of 200 items a compositing layer for the drag
      // and restyled all of them at the drop. Translate, not Transform: no squashing of an item to the
      // height of the one it swaps with.
      style={transform && (transform.x || transform.y) ? { transform: CSS.Translate.toString(transform) } : undefined}
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
      <ItemContent id={id} index={index} {...state} {...actions} />
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
  summaryContext,
  onSelect,
  onDuplicate,
  onToggle,
  onRemove,
  onInsert,
}: ItemState & ItemActions & { id: string; index: number }) {
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
