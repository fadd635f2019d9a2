// The announcement banner above the header (CMS group announcement_banner, first entry):
// banner_copy items in order (plain text, or links with an optional new tab) and tooltip_copy
// behind an info button (a disclosure: works by click, touch and keyboard, unlike a hover tooltip).
// Not shown to a closed account: it announces ways to earn, and a closed account earns nothing until
// it re-enrols (docs/decisions/2026-11-28-closed-accounts-earning-links.md); the spec keeps the
// announcement modal from closed accounts for the same reason.
import { useCallback, useId, useRef, useState } from 'react';
import type { CmsAnnouncementBannerFields } from '#shared/generated/types.ts';
import { useCmsEntries, useCopy, useVisitor } from '#client/runtime/index.tsx';
import { FrameLink } from './FrameLink.tsx';
import { InfoIcon } from './icons.tsx';
import { useDismissable } from './useDismissable.ts';
import { useSubstitute } from './navigation.ts';
import styles from './AnnouncementBanner.module.css';

export function AnnouncementBanner() {
  const entry = useCmsEntries('announcement_banner')[0];
  const copy = useCopy();
  const sub = useSubstitute();
  const closedAccount = useVisitor().kind === 'closedAccount';
  const fields = entry?.fields as CmsAnnouncementBannerFields | undefined;
  const items = fields?.banner_copy ?? [];
  if (items.length === 0 || closedAccount) return null;
  return (
    <section className={styles.banner} aria-label={copy('frame.announcement', 'Announcement')}>
      <div className={`container ${styles.inner}`}>
        <p className={styles.copy}>
          {items.map((item, i) => {
            const space = i > 0 ? ' ' : '';
            if (item.type === 'link' && item.url) {
              return (
                <span key={i}>
                  {space}
                  <FrameLink url={item.url} newTab={item.new_tab === true} className={styles.link}>
                    {sub(item.copy)}
                  </FrameLink>
                </span>
              );
            }
            return (
              <span key={i}>
                {space}
                {sub(item.copy)}
              </span>
            );
          })}
        </p>
        {fields?.tooltip_copy && <Tooltip text={sub(fields.tooltip_copy)} label={copy('frame.announcementDetails', 'Details')} />}
      </div>
    </section>
  );
}

function Tooltip({ text, label }: { text: string; label: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  useDismissable(open, root, close);
  return (
    <span className={styles.tooltipWrap} ref={root}>
      <button ref={button} type="button" className={styles.info} aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        <InfoIcon />
        <span className="visually-hidden">{label}</span>
      </button>
      <span id={id} role="note" className={styles.tooltip} hidden={!open}>
        {text}
      </span>
    </span>
  );
}
