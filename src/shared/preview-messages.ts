// The messages between the page editor (/editor) and the member app in its preview frame
// (`/?preview=1`, same origin). Both sides check the exact origin and the other window before
// reading a message: nothing from another origin or frame can change what the preview shows.
import type { CmsContentName } from './cms.ts';
import type { VisitorKind } from './visitor.ts';

export const PREVIEW_READY = 'menuboard:preview-ready';
export const PREVIEW_UPDATE = 'menuboard:preview-update';
export const PREVIEW_SELECT = 'menuboard:preview-select';

/** The visitor the preview pretends to be (issue 15 §5's member states). */
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

/** Preview -> editor: loaded (send me the state), or a block was clicked. */
export type PreviewEvent = { type: typeof PREVIEW_READY } | { type: typeof PREVIEW_SELECT; blockId: string };

export function isPreviewUpdate(data: unknown): data is PreviewUpdate {
  const d = data as Partial<PreviewUpdate> | null;
  return typeof d === 'object' && d !== null && d.type === PREVIEW_UPDATE && Array.isArray(d.entries);
}

export function isPreviewEvent(data: unknown): data is PreviewEvent {
  const d = data as { type?: unknown; blockId?: unknown } | null;
  if (typeof d !== 'object' || d === null) return false;
  return d.type === PREVIEW_READY || (d.type === PREVIEW_SELECT && typeof d.blockId === 'string');
}
