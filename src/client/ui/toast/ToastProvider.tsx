// Toasts (spec 000 §8, §9): top-center. Error toasts start with a visually hidden "ERROR:" for
// screen readers, use role="alert" and stay until closed; success and info toasts use
// role="status" and close themselves (5 s by default; form status messages pass 3000). The timer
// pauses while the pointer or keyboard focus is on the toast, so nobody loses a message mid-read.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styles from './Toast.module.css';

export type ToastKind = 'error' | 'success' | 'info';

export interface ToastOptions {
  kind: ToastKind;
  message: string | ReactNode;
  /** Makes the message a button; clicking it runs this and closes the toast. */
  onClick?: () => void;
  /** Milliseconds before it closes itself. Default 5000 for success and info; errors stay until closed. */
  duration?: number;
}

export interface ToastApi {
  show(options: ToastOptions): string;
  dismiss(id: string): void;
}

interface ToastItem extends ToastOptions {
  id: string;
}

export const DEFAULT_TOAST_DURATION_MS = 5000;
export const FORM_STATUS_TOAST_DURATION_MS = 3000;
/** Older toasts make way beyond this many, so the stack never covers the page. */
const MAX_VISIBLE = 4;

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Drops the oldest self-closing toasts beyond MAX_VISIBLE. Errors stay until closed (spec 000 §8),
 * and the newest toast always shows, so the stack may exceed the limit when errors pile up.
 */
function makeRoom(items: ToastItem[]): ToastItem[] {
  let excess = items.length - MAX_VISIBLE;
  if (excess <= 0) return items;
  return items.filter((item, index) => {
    if (excess > 0 && item.kind !== 'error' && index < items.length - 1) {
      excess -= 1;
      return false;
    }
    return true;
  });
}

let nextId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);

  const dismiss = useCallback((id: string) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const show = useCallback((options: ToastOptions) => {
    nextId += 1;
    const id = `toast-${nextId}`;
    setItems((current) => makeRoom([...current, { ...options, id }]));
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className={styles.region} aria-label="Notifications">
        {items.map((item) => (
          <Toast key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: string) => void }) {
  const { id, kind, message, onClick } = item;
  const duration = item.duration ?? (kind === 'error' ? null : DEFAULT_TOAST_DURATION_MS);
  const [paused, setPaused] = useState(false);
  const remaining = useRef(duration);

  useEffect(() => {
    if (remaining.current === null || paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      if (remaining.current !== null) remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [id, paused, onDismiss]);

  const pause = () => setPaused(true);
  const resume = (event: React.FocusEvent | React.PointerEvent) => {
    // Focus moving between the toast's own buttons is not leaving it.
    if ('relatedTarget' in event && event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setPaused(false);
  };

  return (
    <div
      className={`${styles.toast} ${styles[kind]}`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-toast-kind={kind}
      onPointerEnter={pause}
      onPointerLeave={resume}
      onFocus={pause}
      onBlur={resume}
    >
      <span className={styles.icon} aria-hidden="true">
        <ToastIcon kind={kind} />
      </span>
      <div className={styles.message}>
        {kind === 'error' && <span className="visually-hidden">ERROR: </span>}
        {onClick ? (
          <button
            type="button"
            className={styles.action}
            onClick={() => {
              onClick();
              onDismiss(id);
            }}
          >
            {message}
          </button>
        ) : (
          message
        )}
      </div>
      <button type="button" className={styles.close} onClick={() => onDismiss(id)} aria-label="Close notification">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

function ToastIcon({ kind }: { kind: ToastKind }) {
  if (kind === 'error') {
    return (
      <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path d="M12 7v6M12 16.5v.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
    );
  }
  if (kind === 'success') {
    return (
      <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path d="M7.5 12.5l3 3 6-6.5" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path d="M12 11v6M12 7.5v.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/** The toast API. Needs a <ToastProvider> above (the app mounts one around the router). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
