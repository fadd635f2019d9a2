// Form building blocks (spec 000 §5): a label with an asterisk when required, the field's error
// under it (aria-describedby, aria-invalid), "* Required field", the error alert box, and the
// submit button's loading state "Working on your request, please wait.".
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useCopy } from '#client/runtime/index.tsx';
import styles from './Form.module.css';

function ErrorIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M10 5.5v5.5M10 13.8v.4" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function Asterisk() {
  return (
    <span className={styles.asterisk} aria-hidden="true">
      *
    </span>
  );
}

export function RequiredNote() {
  const copy = useCopy();
  return <p className={styles.requiredNote}>{copy('form.requiredNote', '* Required field')}</p>;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className={styles.error} id={id}>
      <ErrorIcon />
      <span>{message}</span>
    </p>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Extra content under the input (e.g. a live note). */
  after?: ReactNode;
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function TextField({ label, error, hint, required, after, ref, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && <Asterisk />}
      </label>
      <input
        ref={ref}
        id={id}
        className={`${styles.input} ${className ?? ''}`}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
        {...input}
      />
      {hint !== undefined && (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {after}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * Password field: show/hide toggle, the Caps/Num lock warning, and a hard stop at `maxLength`
 * (56) with a visible note when reached, so nothing is cut silently.
 */
export function PasswordField({
  label,
  error,
  hint,
  required,
  ref,
  maxLength = 56,
  onKeyDown,
  onKeyUp,
  onChange,
  ...input
}: TextFieldProps) {
  const copy = useCopy();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const [lockOn, setLockOn] = useState(false);
  const [atLimit, setAtLimit] = useState(false);
  const checkLock = (event: KeyboardEvent<HTMLInputElement>) => {
    // Spec 000 §5: warn when Caps Lock or Num Lock is on.
    setLockOn(event.getModifierState('CapsLock') || event.getModifierState('NumLock'));
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && <Asterisk />}
      </label>
      <div className={styles.passwordWrap}>
        <input
          ref={ref}
          id={id}
          className={styles.input}
          type={visible ? 'text' : 'password'}
          maxLength={maxLength}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(
            hint !== undefined && `${id}-hint`,
            lockOn && `${id}-lock`,
            atLimit && `${id}-limit`,
            error && `${id}-error`,
          )}
          spellCheck={false}
          autoCapitalize="none"
          onKeyDown={(event) => {
            checkLock(event);
            onKeyDown?.(event);
          }}
          onKeyUp={(event) => {
            checkLock(event);
            onKeyUp?.(event);
          }}
          onChange={(event) => {
            setAtLimit(event.target.value.length >= maxLength);
            onChange?.(event);
          }}
          {...input}
        />
        <button type="button" className={styles.toggle} aria-controls={id} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? copy('form.hidePassword', 'Hide') : copy('form.showPassword', 'Show')}
          <span className="visually-hidden"> {copy('form.passwordWord', 'password')}</span>
        </button>
      </div>
      {hint !== undefined && (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {lockOn && (
        <p className={styles.warning} id={`${id}-lock`} role="status">
          {copy('form.capsLock', 'Caps and Num lock are on.')}
        </p>
      )}
      {atLimit && (
        <p className={styles.hint} id={`${id}-limit`} role="status">
          {fillLimit(copy('form.passwordLimit', 'Passwords can have at most {max} characters.'), maxLength)}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function fillLimit(text: string, max: number): string {
  return text.replace('{max}', String(max));
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, error, hint, required, ref, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={styles.checkbox}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
        {...input}
      />
      <label htmlFor={id} className={styles.checkboxLabel}>
        {label}
        {required && <Asterisk />}
      </label>
      {hint !== undefined && (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * The error box (spec 000 §5): a title and the problems, announced as an alert and focused when
 * it appears so keyboard and screen-reader users land on it.
 */
export function ErrorAlert({
  title,
  messages = [],
  children,
  focus = true,
}: {
  title?: ReactNode;
  messages?: ReactNode[];
  children?: ReactNode;
  focus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const key = `${typeof title === 'string' || typeof title === 'number' ? String(title) : 'element'}|${messages.length}`;
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [key, focus]);
  return (
    <div ref={ref} className={styles.alert} role="alert" tabIndex={-1} data-testid="form-error">
      <span className={styles.alertIcon}>
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="M10 5.5v5.5M10 13.8v.4" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </span>
      <div>
        {title && <p className={styles.alertTitle}>{title}</p>}
        {messages.length > 0 && (
          <ul className={styles.alertList}>
            {messages.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        )}
        {children}
      </div>
    </div>
  );
}

export function Notice({ children, tone = 'info', role }: { children: ReactNode; tone?: 'info' | 'success'; role?: 'status' | 'alert' }) {
  return (
    <div className={`${styles.notice} ${tone === 'success' ? styles.success : ''}`} role={role}>
      <div>{children}</div>
    </div>
  );
}

/**
 * Submit button; while `loading` it is disabled, busy, and says "Working on your request, please wait.".
 * `disabled` (not ready to submit, e.g. no card or captcha yet) is aria-disabled: the button looks
 * and reads as disabled but stays focusable and pressable, so pressing it lets the form say what is
 * missing ("You must complete the reCAPTCHA to continue."). While loading it is truly disabled.
 */
export function SubmitButton({
  loading,
  disabled,
  children,
  secondary,
}: {
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
  secondary?: boolean;
}) {
  const copy = useCopy();
  return (
    <button
      type="submit"
      className={`${styles.button} ${secondary ? styles.secondary : ''}`}
      disabled={loading}
      aria-disabled={(!loading && disabled) || undefined}
      aria-busy={loading || undefined}
      // Pressing the button must not blur the field being typed in first: that blur validates the
      // field (forms validate on blur), its message appears or goes, the button moves before the
      // mouse is released, and the press is lost — the member clicks and nothing happens. The
      // submit validates every field anyway; keyboard and focus behaviour are unchanged.
      onMouseDown={(event) => event.preventDefault()}
    >
      {loading ? (
        <>
          <span className={styles.busy} aria-hidden="true" />
          <span>{copy('form.working', 'Working on your request, please wait.')}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

export { styles as formStyles };
