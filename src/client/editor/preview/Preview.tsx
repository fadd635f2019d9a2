// The live preview: the partner's real member app in a frame (`?preview=1`, drafts shown), sent the
// unsaved entries by postMessage on every edit (exact origin both ways, no reload), at a phone,
// tablet or desktop width, as any member state; or every member state side by side in a dialog. A
// click on a block in a frame selects it. The member app leaves out its pop-ups (announcement,
// general pop-up, survey) in the editor's frame, so they never cover the page being edited.
import { AUDIENCE_STATES } from '#shared/audience.ts';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { CmsContentName } from '#shared/cms.ts';
import {
  isPreviewEvent,
  PREVIEW_EDIT,
  PREVIEW_READY,
  PREVIEW_SELECT,
  PREVIEW_SELECTED,
  type PreviewEditTarget,
  type PreviewEntry,
  type PreviewSelected,
  type PreviewUpdate,
  PREVIEW_UPDATE,
  type PreviewVisitor,
} from '#shared/preview-messages.ts';
import { useT } from '../copy.tsx';
import { usePartner } from '../partner.tsx';
import { pagesOf } from '../groups.ts';
import styles from './Preview.module.css';

const WIDTHS = [375, 768, 1280] as const;
type Width = (typeof WIDTHS)[number];

/**
 * The member states an editor previews. A prospect (left an email in the prospect form, not a member yet) is
 * an anonymous visitor to the member app: the visitor model and `when` have no prospect kind, so
 * the preview shows a prospect what anonymous visitors see.
 */
// The states of #shared/audience.ts: the outline's "who sees it" is summed up over these same states.
export const MEMBER_STATES: ReadonlyArray<{ key: string; visitor: PreviewVisitor }> = AUDIENCE_STATES;

const FRAME_HEIGHT = 620;
/** How long after the last edit the frames are sent it (typing does not wait for the preview). */
export const PREVIEW_SETTLE_MS = 150;
const GRID_FRAME_HEIGHT = 460;

interface FrameProps {
  path: string;
  entries: PreviewEntry[];
  visitor: PreviewVisitor | null;
  width: Width;
  height: number;
  title: string;
  onSelect?: ((blockId: string) => void) | undefined;
  /** The block to outline and scroll to (the editor's selection). */
  selected?: string | null;
  onEdit?: ((edit: PreviewEdit) => void) | undefined;
}

/** A text edited in place in the preview. */
export type PreviewEdit = PreviewEditTarget & { blockId: string; text: string };

/** One member-app frame at `width`, scaled to fit its box, kept in step with the unsaved entries. */
function PreviewFrame({ path, entries, visitor, width, height, title, onSelect, selected = null, onEdit }: FrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(400);
  // The member page loads once the editor around it has painted: the frame shares the editor's main
  // thread, and a big page's first render there (seconds for 200 blocks on a loaded machine) held
  // the editor's first paint back until it was done.
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frameId = requestAnimationFrame(() => {
      timer = setTimeout(() => setSrc(`${path}?preview=1`), 0);
    });
    return () => {
      cancelAnimationFrame(frameId);
      clearTimeout(timer);
    };
  }, [path]);
  const latest = useRef({ entries, visitor, selected });
  latest.current = { entries, visitor, selected };

  const send = useCallback(() => {
    const message: PreviewUpdate = { type: PREVIEW_UPDATE, entries: latest.current.entries, visitor: latest.current.visitor };
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, []);
  const sendSelected = useCallback(() => {
    const message: PreviewSelected = { type: PREVIEW_SELECTED, blockId: latest.current.selected };
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, []);

  // A change of member state goes to the frame at once; edits once typing pauses (PREVIEW_SETTLE_MS):
  // the frame redraws the whole member page, which on a big page costs far more than a keystroke may.
  useEffect(send, [send, visitor]);
  useEffect(() => {
    const timer = setTimeout(send, PREVIEW_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [send, entries]);
  useEffect(sendSelected, [sendSelected, selected]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || !isPreviewEvent(event.data)) return;
      const data = event.data;
      if (data.type === PREVIEW_READY) {
        send();
        sendSelected();
      } else if (data.type === PREVIEW_SELECT) onSelect?.(data.blockId);
      else if (data.type === PREVIEW_EDIT) onEdit?.({ blockId: data.blockId, text: data.text, entry: data.entry, pointer: data.pointer });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send, sendSelected, onSelect, onEdit]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry?.contentRect.width ?? 400));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = Math.min(1, boxWidth / width);
  return (
    <div ref={box} className={styles.viewport} style={{ height }}>
      <iframe
        ref={frame}
        className={styles.frame}
        title={title}
        src={src ?? undefined}
        style={{ width, height: height / scale, transform: `scale(${scale})` }}
      />
    </div>
  );
}

export function Preview({
  group,
  entries,
  onSelect,
  selected = null,
  onEdit,
  path: shownAt,
  initialState = 'anonymous',
  lead,
}: {
  group: CmsContentName;
  entries: PreviewEntry[];
  onSelect?: (blockId: string) => void;
  selected?: string | null;
  onEdit?: (edit: PreviewEdit) => void;
  /** The member page to show, when not the page of the group's layout (a banner: the page placing it). */
  path?: string | undefined;
  /** The member state shown first (a banner: one it is shown to). */
  initialState?: string | undefined;
  /** What the preview shows, in a sentence above it. */
  lead?: string | undefined;
}) {
  const t = useT();
  const partner = usePartner();
  // The member page that shows this group's layout and banners.
  const path = shownAt ?? pagesOf(group, partner.homePage)[0] ?? '/';
  const [width, setWidth] = useState<Width>(375);
  const [stateKey, setStateKey] = useState(initialState);
  const [grid, setGrid] = useState(false);
  const visitor = MEMBER_STATES.find((s) => s.key === stateKey)?.visitor ?? null;
  const widths = (
    <div className={styles.widths} role="group" aria-label={t('editor.preview.width')}>
      {WIDTHS.map((w) => (
        <button key={w} type="button" className={styles.widthButton} aria-pressed={w === width} onClick={() => setWidth(w)}>
          {t(`editor.preview.width${w}`)}
        </button>
      ))}
    </div>
  );
  return (
    <section className={styles.preview} aria-labelledby="preview-title">
      <div className={styles.head}>
        <h2 id="preview-title" className={styles.title}>
          {t('editor.preview.title')}
        </h2>
        {widths}
      </div>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      <label className={styles.stateLabel} htmlFor="preview-state">
        {t('editor.preview.as')}
      </label>
      <div className={styles.stateRow}>
        <select id="preview-state" className={styles.state} value={stateKey} onChange={(e) => setStateKey(e.target.value)}>
          {MEMBER_STATES.map((s) => (
            <option key={s.key} value={s.key}>
              {t(`editor.preview.state.${s.key}`)}
            </option>
          ))}
        </select>
        <button type="button" className={styles.gridButton} onClick={() => setGrid(true)}>
          {t('editor.preview.grid')}
        </button>
      </div>
      <PreviewFrame
        path={path}
        entries={entries}
        visitor={visitor}
        width={width}
        height={FRAME_HEIGHT}
        title={t('editor.preview.frameTitle')}
        onSelect={onSelect}
        selected={selected}
        onEdit={onEdit}
      />
      <p className={styles.note}>{t('editor.preview.note', { width })}</p>
      {grid ? (
        <GridDialog
          path={path}
          entries={entries}
          width={width}
          widths={widths}
          onClose={() => setGrid(false)}
          onSelect={
            onSelect &&
            ((id) => {
              setGrid(false);
              onSelect(id);
            })
          }
        />
      ) : null}
    </section>
  );
}

/** Every member state side by side, in a modal dialog over the editor (Escape closes it). */
function GridDialog({
  path,
  entries,
  width,
  widths,
  onClose,
  onSelect,
}: {
  path: string;
  entries: PreviewEntry[];
  width: Width;
  widths: ReactNode;
  onClose: () => void;
  onSelect: ((blockId: string) => void) | undefined;
}) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    return () => element.close();
  }, []);
  return (
    <dialog ref={dialog} className={styles.gridDialog} aria-labelledby="preview-grid-title" onClose={onClose}>
      <div className={styles.gridHead}>
        <h2 id="preview-grid-title" className={styles.title}>
          {t('editor.preview.gridTitle')}
        </h2>
        {widths}
        <button type="button" className={styles.gridClose} onClick={onClose}>
          {t('editor.preview.gridClose')}
        </button>
      </div>
      <ul className={styles.grid}>
        {MEMBER_STATES.map((state) => {
          const name = t(`editor.preview.state.${state.key}`);
          return (
            <li key={state.key} className={styles.gridCell}>
              <h3 className={styles.gridLabel}>{name}</h3>
              <PreviewFrame
                path={path}
                entries={entries}
                visitor={state.visitor}
                width={width}
                height={GRID_FRAME_HEIGHT}
                title={t('editor.preview.frameTitleAs', { state: name })}
                onSelect={onSelect}
              />
            </li>
          );
        })}
      </ul>
    </dialog>
  );
}
