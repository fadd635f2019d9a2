// The live preview: the partner's real member app in a frame (`?preview=1`, drafts shown), sent the
// unsaved entries by postMessage on every edit (exact origin both ways, no reload), at a phone,
// tablet or desktop width, as any member state. A click on a block in the frame selects it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CmsContentName } from '#shared/cms.ts';
import {
  isPreviewEvent,
  PREVIEW_READY,
  PREVIEW_SELECT,
  PREVIEW_UPDATE,
  type PreviewEntry,
  type PreviewUpdate,
  type PreviewVisitor,
} from '#shared/preview-messages.ts';
import { useT } from '../copy.tsx';
import { usePartner } from '../partner.tsx';
import { pagesOf } from '../groups.ts';
import styles from './Preview.module.css';

const WIDTHS = [375, 768, 1280] as const;
type Width = (typeof WIDTHS)[number];

export const MEMBER_STATES: ReadonlyArray<{ key: string; visitor: PreviewVisitor }> = [
  { key: 'anonymous', visitor: { kind: 'anonymous', tier: null } },
  { key: 'cardTier0', visitor: { kind: 'cardMember', tier: 0 } },
  { key: 'cardTier2', visitor: { kind: 'cardMember', tier: 2 } },
  { key: 'cardTier3', visitor: { kind: 'cardMember', tier: 3 } },
  { key: 'nonCard', visitor: { kind: 'nonCardMember', tier: null } },
  { key: 'closed', visitor: { kind: 'closedAccount', tier: null } },
  { key: 'known', visitor: { kind: 'knownMember', tier: null } },
];

const FRAME_HEIGHT = 620;

export function Preview({
  group,
  entries,
  onSelect,
}: {
  group: CmsContentName;
  entries: PreviewEntry[];
  onSelect?: (blockId: string) => void;
}) {
  const t = useT();
  const partner = usePartner();
  // The member page that shows this group's layout and banners.
  const path = pagesOf(group, partner.homePage)[0] ?? '/';
  const [width, setWidth] = useState<Width>(375);
  const [stateKey, setStateKey] = useState('anonymous');
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(400);
  const visitor = MEMBER_STATES.find((s) => s.key === stateKey)?.visitor ?? null;
  const latest = useRef({ entries, visitor });
  latest.current = { entries, visitor };

  const send = useCallback(() => {
    const message: PreviewUpdate = { type: PREVIEW_UPDATE, entries: latest.current.entries, visitor: latest.current.visitor };
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, []);

  // Every edit and every change of member state goes to the frame at once.
  useEffect(send, [send, entries, visitor]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || !isPreviewEvent(event.data)) return;
      if (event.data.type === PREVIEW_READY) send();
      else if (event.data.type === PREVIEW_SELECT) onSelect?.(event.data.blockId);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send, onSelect]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry?.contentRect.width ?? 400));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = Math.min(1, boxWidth / width);
  return (
    <section className={styles.preview} aria-labelledby="preview-title">
      <div className={styles.head}>
        <h2 id="preview-title" className={styles.title}>
          {t('editor.preview.title')}
        </h2>
        <div className={styles.widths} role="group" aria-label={t('editor.preview.width')}>
          {WIDTHS.map((w) => (
            <button key={w} type="button" className={styles.widthButton} aria-pressed={w === width} onClick={() => setWidth(w)}>
              {t(`editor.preview.width${w}`)}
            </button>
          ))}
        </div>
      </div>
      <label className={styles.stateLabel} htmlFor="preview-state">
        {t('editor.preview.as')}
      </label>
      <select id="preview-state" className={styles.state} value={stateKey} onChange={(e) => setStateKey(e.target.value)}>
        {MEMBER_STATES.map((s) => (
          <option key={s.key} value={s.key}>
            {t(`editor.preview.state.${s.key}`)}
          </option>
        ))}
      </select>
      <div ref={box} className={styles.viewport} style={{ height: FRAME_HEIGHT }}>
        <iframe
          ref={frame}
          className={styles.frame}
          title={t('editor.preview.frameTitle')}
          src={`${path}?preview=1`}
          style={{ width, height: FRAME_HEIGHT / scale, transform: `scale(${scale})` }}
        />
      </div>
      <p className={styles.note}>{t('editor.preview.note', { width })}</p>
    </section>
  );
}
