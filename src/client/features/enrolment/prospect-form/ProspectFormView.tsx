// The prospect form's markup, with no behaviour of its own: the form (ProspectFormBody.tsx, loaded on
// demand) drives it, and until that code is here the same markup stands in, inert, so the banner
// around it has its final height from the first paint and nothing below it moves when the form
// arrives (a layout shift of 0.04-0.05 on the home pages that show it).
import type { FormEvent, Ref } from 'react';
import type { ProspectFormProps } from '#shared/generated/types.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import styles from './ProspectForm.module.css';

/** Spec 000 §9: prospect email maximum. */
export const PROSPECT_EMAIL_MAX = 50;

export interface ProspectFormViewProps extends ProspectFormProps {
  /** Inside a CMS banner: no section or container of its own, colours from the banner. */
  embedded?: boolean;
}

/** What the working form adds to the markup; absent, the markup is the inert stand-in. */
export interface ProspectFormState {
  ids: { input: string; error: string; note: string; heading: string };
  inputRef: Ref<HTMLInputElement>;
  email: string;
  error: string | null;
  working: boolean;
  onEmailChange: (value: string) => void;
  onBlur: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

export function ProspectFormView({ headline, text, embedded, state }: ProspectFormViewProps & { state?: ProspectFormState }) {
  const copy = useCopy();
  const ids = state?.ids;
  const error = state?.error ?? null;
  const working = state?.working ?? false;
  const headlineText = headline ?? (embedded ? '' : copy('prospectForm.headline', ''));
  const form = (
    <form
      className={styles.form}
      onSubmit={state?.onSubmit}
      noValidate
      aria-labelledby={headlineText && ids ? ids.heading : undefined}
      // The stand-in is neither focusable nor in the accessibility tree: only the working form is.
      inert={state ? undefined : true}
    >
      {headlineText && (
        <h2 id={ids?.heading} className={styles.headline}>
          {headlineText}
        </h2>
      )}
      {text && (
        <p className={styles.text}>
          <CopyText text={text} />
        </p>
      )}
      {error && ids && (
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
          <label htmlFor={ids?.input} className={styles.label}>
            {copy('prospectForm.emailLabel', 'Email address')}
            <span className={styles.asterisk} aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <input
            ref={state?.inputRef}
            id={ids?.input}
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
            aria-describedby={ids ? `${ids.note}${error ? ` ${ids.error}` : ''}` : undefined}
            value={state?.email ?? ''}
            readOnly={!state || working}
            onChange={state ? (event) => state.onEmailChange(event.target.value) : undefined}
            onBlur={state?.onBlur}
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
      <p id={ids?.note} className={styles.note}>
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
