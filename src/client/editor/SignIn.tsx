// Sign-in with an editor account of this partner (POST /api/cms/editor/session). A failed attempt
// keeps what was typed and says why.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError } from '#client/api/http.ts';
import { useT } from './copy.tsx';
import { editorQuery, signIn } from './api/session.ts';
import { usePartner } from './partner.tsx';
import styles from './Editor.module.css';

export function SignIn() {
  const t = useT();
  const partner = usePartner();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(t('editor.signIn.missing'));
      return;
    }
    setBusy(true);
    try {
      const editor = await signIn({ email: email.trim(), password });
      queryClient.setQueryData(editorQuery().queryKey, editor);
    } catch (e) {
      setError(
        e instanceof HttpError && e.status === 401
          ? t('editor.signIn.wrong')
          : e instanceof HttpError && e.status === 429
            ? t('editor.signIn.tooMany')
            : t('editor.error.generic'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.signInPage}>
      <div className={styles.signInCard}>
        <p className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true" />
          {t('editor.brand')}
        </p>
        <h1 className={styles.signInTitle}>{t('editor.signIn.title')}</h1>
        <p className={styles.signInLead}>{t('editor.signIn.lead', { programName: partner.programName })}</p>
        <form className={styles.signInForm} onSubmit={(e) => void submit(e)} noValidate>
          <div className={styles.signInField}>
            <label htmlFor="editor-email">{t('editor.signIn.email')}</label>
            <input
              id="editor-email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'editor-sign-in-error' : undefined}
            />
          </div>
          <div className={styles.signInField}>
            <label htmlFor="editor-password">{t('editor.signIn.password')}</label>
            <input
              id="editor-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'editor-sign-in-error' : undefined}
            />
          </div>
          {error ? (
            <p className={styles.formError} id="editor-sign-in-error" role="alert">
              {error}
            </p>
          ) : null}
          <button className={styles.primaryButton} type="submit" disabled={busy}>
            {busy ? t('editor.signIn.working') : t('editor.signIn.submit')}
          </button>
        </form>
      </div>
    </main>
  );
}
