// An accessible dialog on the native <dialog> element: showModal() puts it in the top layer and
// makes the rest of the page inert; we add a Tab wrap (focus never leaves for the page behind),
// Escape and backdrop click to close, a label from the title, focus return on close and a scroll
// lock. Variants: a centred dialog (max 650 px wide on desktop, spec 000 §9), a side drawer (the
// mobile menu) and a full screen (the update notice).
import { useEffect, useId, useRef, type ReactNode, type MouseEvent, type KeyboardEvent } from 'react';
import styles from './Modal.module.css';

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  variant?: 'dialog' | 'drawer' | 'fullscreen';
  /** false: no close button, Escape and backdrop do nothing (a notice that must be acted on). */
  dismissible?: boolean;
  /** Visually hide the title (it still labels the dialog). */
  hideTitle?: boolean;
  closeLabel?: string;
  /** Id of an element describing the dialog (announced after the title). */
  describedBy?: string;
  className?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
}

const VARIANT_CLASS = { dialog: 'centered', drawer: 'drawer', fullscreen: 'fullscreen' } as const;

let openCount = 0;

/** Rendered = open. Unmount it (or render it conditionally) to close. */
export function Modal({
  title,
  onClose,
  children,
  variant = 'dialog',
  dismissible = true,
  hideTitle = false,
  closeLabel = 'Close',
  describedBy,
  className,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      try {
        dialog.showModal();
      } catch {
        // Environments without showModal (old browsers, some test DOMs): show it non-modally.
        dialog.setAttribute('open', '');
      }
    }
    // Start on the dialog itself: screen readers announce its title, and the close button does not
    // light up with a focus ring the user never asked for. Tab moves into the content.
    dialog.focus();
    openCount += 1;
    document.documentElement.classList.add(styles.scrollLock ?? 'mb-scroll-lock');
    return () => {
      openCount -= 1;
      if (openCount === 0) document.documentElement.classList.remove(styles.scrollLock ?? 'mb-scroll-lock');
      if (dialog.open) dialog.close();
      // Focus goes back where it was (the button that opened the dialog), if it still exists. A modal
      // that opened by itself (nothing had focus) leaves none behind: the browser's fallback would
      // land on the first focusable element, the skip link, which then shows for no reason.
      if (previous && previous !== document.body && previous.isConnected) previous.focus();
      else if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) document.activeElement.blur();
    };
  }, []);

  const onCancel = (event: React.SyntheticEvent) => {
    // Escape: we decide (React state owns open/closed, not the element).
    event.preventDefault();
    if (dismissible) onCloseRef.current();
  };

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The dialog has no padding and its panel fills it, so a click whose target is the dialog
    // itself landed on the backdrop.
    if (dismissible && event.target === ref.current) onCloseRef.current();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = focusables(ref.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      tabIndex={-1}
      className={`${styles.dialog} ${styles[VARIANT_CLASS[variant]] ?? ''} ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={onCancel}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <div className={styles.panel}>
        <div className={`${styles.head} ${hideTitle ? styles.headBare : ''}`}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
            {title}
          </h2>
          {dismissible && (
            <button type="button" className={styles.close} onClick={() => onCloseRef.current()} aria-label={closeLabel}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </dialog>
  );
}
