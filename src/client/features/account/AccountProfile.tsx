// Member Profile (spec 001 §5 profile rules, §4 SMS v2, §8 save messages): email read-only with the
// Member Services text; email opt-in (hidden for the configured partner) which moves the member to
// tier 2 at once; the masked password for direct enrolment only; names (disabled for sso), address
// with the full-address rule, state list, ZIP with the US check (cached per value), US phone shown
// ddd-ddd-dddd, SMS opt-in v1 or v2 (confirm modal). Fields validate on blur; a save places field
// errors (first focused), or shows the toast and the message at the bottom; the form keeps every
// typed value whatever the answer.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fillTemplate } from '#shared/copy.ts';
import { formatUsPhone, normalizeUsPhone } from '#shared/prospect.ts';
import { HttpError } from '#client/api/http.ts';
import { errorBodyOf } from '#client/api/error-body.ts';
import { CopyText } from '#client/ui/CopyText.tsx';
import { Modal } from '#client/ui/Modal.tsx';
import { CheckboxField, ErrorAlert, RequiredNote, SubmitButton, TextField, formStyles } from '#client/ui/form/index.ts';
import { FORM_STATUS_TOAST_DURATION_MS, useToast } from '#client/ui/toast/index.ts';
import { useCopy, useMember, usePartner } from '#client/runtime/index.tsx';
import { useUpdateProfile } from './api/update-profile.ts';
import { isUnauthorized } from './api/unauthorized.ts';
import { zipValidationQuery } from './api/validate-zip.ts';
import {
  FIELD_ORDER,
  US_STATES,
  changesOf,
  fieldError,
  rulesFor,
  smsAfterPhoneChange,
  smsVersion,
  valuesOf,
  type ProfileField,
  type ProfileMessages,
  type ProfileValues,
} from './profile.ts';
import styles from './AccountProfile.module.css';

type Errors = Partial<Record<ProfileField, string>>;

const SERVER_FIELDS: Record<string, ProfileField> = {
  firstName: 'firstName',
  lastName: 'lastName',
  emailOptIn: 'emailOptIn',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  zipCode: 'zipCode',
  'address.zipCode': 'zipCode',
  phoneNumber: 'phoneNumber',
  smsOptIn: 'smsOptIn',
};

function serverFieldErrors(error: unknown): Errors | null {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  const list = errorBodyOf(error)?.errors;
  if (!Array.isArray(list)) return null;
  const errors: Errors = {};
  for (const item of list) {
    const field = typeof item.field === 'string' ? SERVER_FIELDS[item.field.replace(/^\/?(body\.)?/, '')] : undefined;
    if (field && typeof item.message === 'string' && !errors[field]) errors[field] = item.message;
  }
  return Object.keys(errors).length ? errors : null;
}

export function AccountProfile() {
  const member = useMember();
  if (!member) return null;
  // A new member answer (after a save) does not reset what is being typed: the form is keyed by
  // the member, not rebuilt from every refetch.
  return <ProfileForm key={member.publicId} />;
}

function ProfileForm() {
  const member = useMember()!;
  const copy = useCopy();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { config } = usePartner();
  const sso = config.enrollmentType === 'sso';
  const sms = smsVersion(config);
  const save = useUpdateProfile();
  const form = useRef<HTMLFormElement>(null);

  const [saved, setSaved] = useState<ProfileValues>(() => valuesOf(member));
  const [values, setValues] = useState<ProfileValues>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [bottom, setBottom] = useState<string | null>(null);
  const [smsConfirm, setSmsConfirm] = useState(false);
  const [smsTicked, setSmsTicked] = useState(false);
  const [smsTickError, setSmsTickError] = useState<string | undefined>(undefined);
  const [checkingZip, setCheckingZip] = useState(false);

  const labels: Record<ProfileField, string> = {
    firstName: copy('account.profile.firstName', 'First name'),
    lastName: copy('account.profile.lastName', 'Last name'),
    emailOptIn: copy('account.profile.emailOptIn', 'Email offers'),
    address1: copy('account.profile.address1', 'Address'),
    address2: copy('account.profile.address2', 'Apartment, suite, etc.'),
    city: copy('account.profile.city', 'City'),
    state: copy('account.profile.state', 'State'),
    zipCode: copy('account.profile.zipCode', 'ZIP code'),
    phoneNumber: copy('account.profile.phoneNumber', 'Mobile phone'),
    smsOptIn: copy('account.profile.smsOptIn', 'Text messages'),
  };
  const rules = useMemo(() => rulesFor(config, labels), [config, labels.firstName]); // eslint-disable-line react-hooks/exhaustive-deps -- labels change only with copy
  const messages: ProfileMessages = {
    required: (label) => fillTemplate(copy('form.requiredNamed', '{field} is required.'), { field: label }),
    maxLength: (_label, max) => fillTemplate(copy('form.maxLength', 'Must be at most {max} characters.'), { max }),
    exactDigits: () => copy('form.zipDigits', 'ZIP code must have 5 digits.'),
    invalidPhone: copy('form.invalidUsPhone', 'Invalid US based phone number.'),
  };

  const setError = (field: ProfileField, message: string | undefined) =>
    setErrors((current) => {
      if (current[field] === message) return current;
      const next = { ...current };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });

  /** The ZIP's US check (spec 001 §5), cached per value by the query client. */
  const checkZip = async (zip: string): Promise<string | undefined> => {
    setCheckingZip(true);
    try {
      const answer = await queryClient.fetchQuery(zipValidationQuery(zip));
      return answer.isValid ? undefined : copy('account.profile.error.zipNotUs', 'This ZIP is not located in the U.S.');
    } catch (error) {
      if (isUnauthorized(error)) return undefined;
      return fillTemplate(copy('form.checkFailed', 'Error while checking {field}.'), { field: labels.zipCode });
    } finally {
      setCheckingZip(false);
    }
  };

  const validateField = async (field: ProfileField, current: ProfileValues = values): Promise<string | undefined> => {
    const message = fieldError(field, current, rules, messages);
    if (message || field !== 'zipCode' || current.zipCode.trim() === saved.zipCode.trim()) return message;
    return checkZip(current.zipCode.trim());
  };

  const onBlur = (field: ProfileField) => async () => {
    const message = await validateField(field);
    setError(field, message);
  };

  const update = <K extends ProfileField>(field: K, value: ProfileValues[K]) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      if (field === 'phoneNumber') next.smsOptIn = smsAfterPhoneChange(sms, saved.phoneNumber, String(value), current.smsOptIn);
      return next;
    });
    setBottom(null);
  };

  const focusField = (field: ProfileField) => {
    const input = form.current?.querySelector<HTMLElement>(`[name="${field}"]`);
    input?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBottom(null);
    const found: Errors = {};
    for (const field of FIELD_ORDER) {
      if (sso && (field === 'firstName' || field === 'lastName')) continue;
      const message = await validateField(field);
      if (message) found[field] = message;
    }
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      focusField(first);
      return;
    }
    const body = changesOf(saved, values, { sso, hideEmailOptIn: config.hideEmailOptIn, sms });
    if (!body) {
      toast.show({
        kind: 'info',
        message: copy('account.profile.noChanges', 'No changes were made.'),
        duration: FORM_STATUS_TOAST_DURATION_MS,
      });
      return;
    }
    save.mutate(body, {
      onSuccess: (updated) => {
        const next = valuesOf(updated);
        // What was typed stays as typed; only the baseline moves, so a second save with nothing new
        // says "No changes were made.".
        setSaved(next);
        setValues((current) => ({ ...current, phoneNumber: next.phoneNumber, smsOptIn: next.smsOptIn, emailOptIn: next.emailOptIn }));
        toast.show({
          kind: 'success',
          message: copy('account.profile.saved', 'All changes were saved.'),
          duration: FORM_STATUS_TOAST_DURATION_MS,
        });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        const fieldErrors = serverFieldErrors(error);
        if (fieldErrors) {
          setErrors(fieldErrors);
          const firstField = FIELD_ORDER.find((f) => fieldErrors[f]);
          if (firstField) focusField(firstField);
          return;
        }
        toast.show({
          kind: 'error',
          message: copy('account.profile.notSaved', 'No changes were saved. See error at bottom of page for more details.'),
        });
        const message = errorBodyOf(error)?.message;
        setBottom(
          typeof message === 'string' && message
            ? message
            : copy('form.serverError', 'Something went wrong. Please refresh the page and try again.'),
        );
      },
    });
  };

  const phoneEmpty = values.phoneNumber.trim() === '';
  // SMS v2 needs a valid US number (spec 001 §4, §5): without one the switch is off and disabled.
  const phoneValid = normalizeUsPhone(values.phoneNumber) !== null;
  const text = (field: 'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'zipCode', extra: object = {}) => ({
    name: field,
    label: labels[field],
    value: values[field],
    error: errors[field],
    required: rules[field]?.required,
    onChange: (e: { target: { value: string } }) => update(field, e.target.value),
    onBlur: onBlur(field),
    ...extra,
  });

  return (
    <div className="container">
      <div className={styles.page}>
        <form ref={form} className={styles.card} noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="profile-title">
          <h2 id="profile-title" className={styles.title}>
            {copy('account.profile.title', 'Member Profile')}
          </h2>
          <RequiredNote />

          <fieldset className={styles.group}>
            <legend className={styles.legend}>{copy('account.profile.signIn', 'Sign-in and emails')}</legend>
            <TextField
              label={copy('account.profile.email', 'Email')}
              name="email"
              type="email"
              value={member.email}
              readOnly
              hint={
                <CopyText
                  text={fillTemplate(
                    copy('account.profile.emailHint', 'To change your email, contact Member Services at [{phone}](link:supportPhone).'),
                    { phone: config.customerSupport.phone.formatted },
                  )}
                />
              }
            />
            {!config.hideEmailOptIn && (
              <div className={styles.check}>
                <CheckboxField
                  name="emailOptIn"
                  label={copy('account.profile.emailOptInLabel', 'Send me emails about offers from {programName}')}
                  hint={copy('account.profile.emailOptInHint', 'Members who opt in become Select Members and earn more {currency}.')}
                  checked={values.emailOptIn}
                  error={errors.emailOptIn}
                  onChange={(e) => update('emailOptIn', e.target.checked)}
                />
              </div>
            )}
            {config.enrollmentType === 'direct' && (
              <TextField
                label={copy('account.profile.password', 'Password')}
                name="password"
                type="password"
                value="••••••••••"
                readOnly
                autoComplete="off"
                hint={copy(
                  'account.profile.passwordHint',
                  'To change your password, sign out and use "Forgot password" on the sign-in page.',
                )}
              />
            )}
          </fieldset>

          <fieldset className={styles.group}>
            <legend className={styles.legend}>{copy('account.profile.about', 'About you')}</legend>
            <div className={styles.row}>
              <TextField
                {...text('firstName', { autoComplete: 'given-name', maxLength: 20, disabled: sso })}
                {...(sso
                  ? {
                      hint: fillTemplate(copy('account.profile.ssoNames', 'Managed by {provider}.'), {
                        provider: config.sso?.providerName ?? config.name,
                      }),
                    }
                  : {})}
              />
              <TextField {...text('lastName', { autoComplete: 'family-name', maxLength: 20, disabled: sso })} />
            </div>
            <TextField {...text('address1', { autoComplete: 'address-line1', maxLength: 30 })} />
            <TextField {...text('address2', { autoComplete: 'address-line2', maxLength: 30 })} />
            <div className={styles.row3}>
              <TextField {...text('city', { autoComplete: 'address-level2', maxLength: 20 })} />
              <div className={formStyles.field}>
                <label htmlFor="profile-state" className={formStyles.label}>
                  {labels.state}
                  {rules.state?.required && (
                    <span className={styles.asterisk} aria-hidden="true">
                      *
                    </span>
                  )}
                </label>
                <select
                  id="profile-state"
                  name="state"
                  className={`${formStyles.input} ${styles.select}`}
                  value={values.state}
                  autoComplete="address-level1"
                  aria-required={rules.state?.required || undefined}
                  aria-invalid={errors.state ? true : undefined}
                  aria-describedby={errors.state ? 'profile-state-error' : undefined}
                  onChange={(e) => update('state', e.target.value)}
                  onBlur={onBlur('state')}
                >
                  <option value="">{copy('account.profile.stateBlank', 'Select')}</option>
                  {US_STATES.map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
                {errors.state && (
                  <p className={formStyles.error} id="profile-state-error">
                    {errors.state}
                  </p>
                )}
              </div>
              <TextField
                {...text('zipCode', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 5 })}
                {...(checkingZip ? { hint: copy('account.profile.zipChecking', 'Checking…') } : {})}
              />
            </div>
          </fieldset>

          <fieldset className={styles.group}>
            <legend className={styles.legend}>{copy('account.profile.phoneGroup', 'Phone')}</legend>
            <TextField
              name="phoneNumber"
              label={labels.phoneNumber}
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              maxLength={16}
              value={values.phoneNumber}
              error={errors.phoneNumber}
              hint={copy('account.profile.phoneHint', 'US number, e.g. 212-555-0199')}
              onChange={(e) => update('phoneNumber', e.target.value)}
              onBlur={() => {
                const digits = normalizeUsPhone(values.phoneNumber);
                if (digits) setValues((current) => ({ ...current, phoneNumber: formatUsPhone(digits) }));
                void onBlur('phoneNumber')();
              }}
            />
            {sms === 'v1' && (
              <div className={styles.check}>
                <CheckboxField
                  name="smsOptIn"
                  label={copy('account.profile.smsLabel', 'Send me text messages about offers')}
                  checked={values.smsOptIn}
                  disabled={phoneEmpty}
                  onChange={(e) => update('smsOptIn', e.target.checked)}
                />
              </div>
            )}
            {sms === 'v2' && (
              <div className={styles.switchRow}>
                <button
                  type="button"
                  role="switch"
                  name="smsOptIn"
                  aria-checked={values.smsOptIn}
                  className={styles.switch}
                  disabled={!phoneValid}
                  aria-describedby="profile-sms-hint"
                  onClick={() => {
                    if (values.smsOptIn) update('smsOptIn', false);
                    else {
                      update('smsOptIn', true);
                      setSmsTicked(false);
                      setSmsTickError(undefined);
                      setSmsConfirm(true);
                    }
                  }}
                >
                  <span className={styles.switchTrack} aria-hidden="true">
                    <span className={styles.switchThumb} />
                  </span>
                  <span>{copy('account.profile.smsLabel', 'Send me text messages about offers')}</span>
                </button>
                <p id="profile-sms-hint" className={styles.hint}>
                  {phoneEmpty
                    ? copy('account.profile.smsNeedsPhone', 'Add a mobile number to turn on text messages.')
                    : !phoneValid
                      ? copy('account.profile.smsNeedsValidPhone', 'Enter a valid US mobile number to turn on text messages.')
                      : copy('account.profile.smsHint', 'Message and data rates may apply.')}
                </p>
              </div>
            )}
          </fieldset>

          <div className={styles.actions}>
            <SubmitButton loading={save.isPending}>{copy('account.profile.save', 'Save changes')}</SubmitButton>
          </div>
          {bottom && <ErrorAlert title={copy('account.profile.errorTitle', 'Your changes were not saved')} messages={[bottom]} />}
        </form>

        {smsConfirm && (
          <Modal
            title={copy('account.profile.smsConfirmTitle', 'Turn on text messages?')}
            onClose={() => {
              setSmsConfirm(false);
              update('smsOptIn', false);
            }}
            describedBy="sms-confirm-text"
          >
            <p id="sms-confirm-text" className={styles.modalText}>
              {fillTemplate(
                copy(
                  'account.profile.smsConfirmText',
                  '{programName} will send offers to {phone}. Reply STOP to cancel, HELP for help. Message and data rates may apply.',
                ),
                { phone: values.phoneNumber },
              )}
            </p>
            <div className={styles.check}>
              <CheckboxField
                label={copy('account.profile.smsConfirmCheck', 'I agree to receive recurring text messages.')}
                checked={smsTicked}
                error={smsTickError}
                onChange={(e) => {
                  setSmsTicked(e.target.checked);
                  if (e.target.checked) setSmsTickError(undefined);
                }}
              />
            </div>
            <div className={styles.modalActions}>
              <button
                type="button"
                className={`${formStyles.button} ${formStyles.secondary}`}
                onClick={() => {
                  setSmsConfirm(false);
                  update('smsOptIn', false);
                }}
              >
                {copy('account.profile.smsCancel', 'Cancel')}
              </button>
              <button
                type="button"
                className={formStyles.button}
                onClick={() => {
                  if (!smsTicked) {
                    setSmsTickError(copy('account.profile.smsConfirmRequired', 'Please tick the box to turn on text messages.'));
                    return;
                  }
                  setSmsConfirm(false);
                }}
              >
                {copy('account.profile.smsConfirm', 'Turn on')}
              </button>
            </div>
          </Modal>
        )}
      </div>
    </div>
  );
}
