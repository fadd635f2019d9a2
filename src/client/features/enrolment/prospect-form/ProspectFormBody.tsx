// The prospect form itself (ProspectForm.tsx decides who sees it; spec 000 §2, §5). One email
// field, trimmed and validated on blur (max 50). Submit checks the email: free -> create the
// prospect and, once that settles whatever the outcome, go to /join; taken -> go to /login. The
// email travels in navigation state.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ProspectFormProps } from '#shared/generated/types.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { createProspect } from '../api/create-prospect.ts';
import { validateEmail } from '../api/validate-email.ts';
import styles from './ProspectForm.module.css';

/** Spec 000 §9: prospect email maximum. */
export const PROSPECT_EMAIL_MAX = 50;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ProspectFormViewProps extends ProspectFormProps {
  /** Inside a CMS banner: no section or container of its own, colours from the banner. */
  embedded?: boolean;
}

export function ProspectFormBody({ headline, text, embedded }: ProspectFormViewProps) {
  const copy = useCopy();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), error: useId(), note: useId(), heading: useId() };
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const check = (value: string): string | null => {
    if (!value) return copy('form.required', 'This field is required.');
    if (value.length > PROSPECT_EMAIL_MAX) {
      return copy('form.maxLength', 'Must be at most {max} characters.').replace('{max}', String(PROSPECT_EMAIL_MAX));
    }
    if (!EMAIL_PATTERN.test(value)) return copy('form.invalidEmail', 'Please enter a valid email address.');
    return null;
  };

  const onBlur = () => {
    const trimmed = email.trim();
    setEmail(trimmed);
    setError(check(trimmed));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (working) return;
    const trimmed = email.trim();
    setEmail(trimmed);
    const problem = check(trimmed);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setWorking(true);
    let available: boolean;
    try {
      available = (await validateEmail(trimmed)).isValid === true;
    } catch {
      // The check itself failed: stay, keep what was typed, say so.
      setWorking(false);
      setError(copy('form.serverError', 'Something went wrong. Please refresh the page and try again.'));
      return;
    }
    if (!available) {
      void navigate('/login', { state: { email: trimmed } });
      return;
    }
    try {
      await createProspect({ email: trimmed });
    } catch {
      // Spec 000 §2: prospect creation leads to enrolment when it settles, whatever the outcome.
    }
    void navigate('/join', { state: { email: trimmed } });
  };

  const headlineText = headline ?? (embedded ? '' : copy('prospectForm.headline', ''));
  const form = (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby={headlineText ? ids.heading : undefined}
    >
      {headlineText && (
        <h2 id={ids.heading} className={styles.headline}>
          {headlineText}
        </h2>
      )}
      {text && (
        <p className={styles.text}>
          <CopyText text={text} />
        </p>
      )}
      {error && (
        <div className={styles.alert} role="alert" id={ids.error}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="M12 7v6M12 16.5v.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          <span>{error}</span>
        </div>
      )}
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={ids.input} className={styles.label}>
            {copy('prospectForm.emailLabel', 'Email address')}
            <span className={styles.asterisk} aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <input
            ref={inputRef}
            id={ids.input}
            className={styles.input}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            maxLength={PROSPECT_EMAIL_MAX}
            required
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${ids.note}${error ? ` ${ids.error}` : ''}`}
            value={email}
            readOnly={working}
            onChange={(event) => {
              setEmail(event.target.value);
              // Once an error shows, it follows the typing so it clears as soon as the value is fine.
              if (error) setError(check(event.target.value.trim()));
            }}
            onBlur={onBlur}
            placeholder={copy('prospectForm.emailPlaceholder', 'you@example.com')}
          />
        </div>
        <button type="submit" className={styles.submit} disabled={working} aria-busy={working || undefined}>
          {working ? (
            <>
              <span className={styles.spinner} aria-hidden="true" />
              {copy('form.working', 'Working on your request, please wait.')}
            </>
          ) : (
            copy('prospectForm.submit', 'Get started')
          )}
        </button>
      </div>
      <p id={ids.note} className={styles.note}>
        {copy('form.requiredNote', '* Required field')}
      </p>
    </form>
  );

  if (embedded) return <div className={`${styles.embedded}`}>{form}</div>;
  return (
    <section className={styles.section}>
      <div className="container">
        <div className={styles.panel}>{form}</div>
      </div>
    </section>
  );
}
