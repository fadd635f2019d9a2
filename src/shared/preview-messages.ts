// The messages between the page editor (/editor) and the member app in its preview frame
// (`/?preview=1`, same origin). Both sides check the exact origin and the other window before
// reading a message: nothing from another origin or frame can change what the preview shows.
import type { CmsContentName } from './cms.ts';
import type { VisitorKind } from './visitor.ts';

export const PREVIEW_READY = 'menuboard:preview-ready';
export const PREVIEW_UPDATE = 'menuboard:preview-update';
export const PREVIEW_SELECT = 'menuboard:preview-select';
export const PREVIEW_SELECTED = 'menuboard:preview-selected';
export const PREVIEW_EDIT = 'menuboard:preview-edit';

/** The visitor the preview pretends to be (the member states an editor previews). */
export interface PreviewVisitor {
  kind: VisitorKind;
  tier: number | null;
}

export interface PreviewEntry {
  group: CmsContentName;
  slug: string;
  fields: Record<string, unknown>;
}

/** Editor -> preview: unsaved entries to show instead of the stored ones, and who to show them to. */
export interface PreviewUpdate {
  type: typeof PREVIEW_UPDATE;
  entries: PreviewEntry[];
  visitor: PreviewVisitor | null;
}

/** Editor -> preview: the block selected in the editor, outlined and scrolled to (null: none). */
export interface PreviewSelected {
  type: typeof PREVIEW_SELECTED;
  blockId: string | null;
}

/** Where a text edited in place lives: a block's props, or a field of the CMS entry the block shows. */
export interface PreviewEditTarget {
  /** The entry of the text (a banner's), or null for the block's own props. */
  entry: { group: CmsContentName; slug: string } | null;
  /** JSON pointer of the text in the entry's fields or the block's props. */
  pointer: string;
}

/** Preview -> editor: loaded (send me the state), a block was clicked, or a text was edited in place. */
export type PreviewEvent =
  | { type: typeof PREVIEW_READY }
  | { type: typeof PREVIEW_SELECT; blockId: string }
  | ({ type: typeof PREVIEW_EDIT; blockId: string; text: string } & PreviewEditTarget);

export function isPreviewUpdate(data: unknown): data is PreviewUpdate {
  const d = data as Partial<PreviewUpdate> | null;
  return typeof d === 'object' && d !== null && d.type === PREVIEW_UPDATE && Array.isArray(d.entries);
}

export function isPreviewSelected(data: unknown): data is PreviewSelected {
  const d = data as Partial<PreviewSelected> | null;
  return typeof d === 'object' && d !== null && d.type === PREVIEW_SELECTED && (d.blockId === null || typeof d.blockId === 'string');
}

export function isPreviewEvent(data: unknown): data is PreviewEvent {
  const d = data as { type?: unknown; blockId?: unknown; text?: unknown; pointer?: unknown; entry?: unknown } | null;
  if (typeof d !== 'object' || d === null) return false;
  if (d.type === PREVIEW_READY) return true;
  if (d.type === PREVIEW_SELECT) return typeof d.blockId === 'string';
  if (d.type !== PREVIEW_EDIT) return false;
  const entry = d.entry as { group?: unknown; slug?: unknown } | null;
  return (
    typeof d.blockId === 'string' &&
    typeof d.text === 'string' &&
    typeof d.pointer === 'string' &&
    (entry === null || (typeof entry === 'object' && typeof entry.group === 'string' && typeof entry.slug === 'string'))
  );
}
