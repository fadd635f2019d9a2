// The prospect form itself (ProspectForm.tsx decides who sees it; spec 000 §2, §5). One email
// field, trimmed and validated on blur (max 50). Submit checks the email: free -> create the
// prospect and, once that settles whatever the outcome, go to /join; taken -> go to /login. The
// email travels in navigation state.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCopy } from '#client/runtime/index.tsx';
import { createProspect } from '../api/create-prospect.ts';
import { validateEmail } from '../api/validate-email.ts';
import { PROSPECT_EMAIL_MAX, ProspectFormView, type ProspectFormViewProps } from './ProspectFormView.tsx';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

  return (
    <ProspectFormView
      headline={headline}
      text={text}
      embedded={embedded}
      state={{
        ids,
        inputRef,
        email,
        error,
        working,
        onEmailChange: (value) => {
          setEmail(value);
          // Once an error shows, it follows the typing so it clears as soon as the value is fine.
          if (error) setError(check(value.trim()));
        },
        onBlur,
        onSubmit: (event) => void onSubmit(event),
      }}
    />
  );
}
