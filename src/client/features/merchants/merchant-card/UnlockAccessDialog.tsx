// "Unlock access to earn" (spec 001 §2): a modal dialog for the member's next tier. The native
// <dialog> opened with showModal() gives the modal semantics for free: focus moves in, the page
// behind is inert, Escape closes, and focus returns to the opener.
import { useEffect, useId, useRef } from 'react';
import { Link } from '#client/ui/Link.tsx';
import { useCopy } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import styles from './MerchantCard.module.css';
import { LockIcon } from './LockIcon.tsx';

const CTA_PATH: Record<2 | 3, string> = {
  // Tier 2 unlocks by opting in to emails, which the profile page edits.
  2: '/account/user_profile',
  3: '/earn/vip-upgrade',
};

const DEFAULTS: Record<2 | 3, { title: string; text: string; cta: string }> = {
  2: {
    title: 'Become a Select Member',
    text: 'Opt in to emails from {programName} to unlock exclusive restaurants and earn 3 {currency} per $1.',
    cta: 'Opt in to emails',
  },
  3: {
    title: 'Unlock VIP access',
    text: 'This restaurant is reserved for VIP members. Reach VIP status to dine here and earn 5 {currency} per $1.',
    cta: 'See how to become VIP',
  },
};

export function UnlockAccessDialog({ tier, open, onClose }: { tier: 2 | 3; open: boolean; onClose: () => void }) {
  const copy = useCopy();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const defaults = DEFAULTS[tier];
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      onCancel={onClose}
      // A click on the backdrop lands on the <dialog> element itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className={styles.dialogBody}>
          <button type="button" className={styles.dialogClose} onClick={onClose} aria-label={copy('merchantCard.unlock.close', 'Close')}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          <span className={styles.dialogIcon} aria-hidden="true">
            <LockIcon size={28} />
          </span>
          <h2 id={titleId} className={styles.dialogTitle}>
            {copy(`merchantCard.unlock.tier${tier}.title`, defaults.title)}
          </h2>
          <p id={textId} className={styles.dialogText}>
            <CopyText text={copy(`merchantCard.unlock.tier${tier}.text`, defaults.text)} />
          </p>
          <div className={styles.dialogActions}>
            <Link to={CTA_PATH[tier]} className={styles.dialogCta} onClick={onClose}>
              {copy(`merchantCard.unlock.tier${tier}.cta`, defaults.cta)}
            </Link>
            <button type="button" className={styles.dialogSecondary} onClick={onClose}>
              {copy('merchantCard.unlock.notNow', 'Not now')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
