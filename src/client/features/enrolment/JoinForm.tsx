// Enrolment step 1, "your information" (spec 000 §2, §5; 001 §5, §8), at /join. The rfr reason
// code shows as copy; the home page's email arrives in navigation state. The email is checked on
// blur (GET /api/Members/Validate/Email); passwords stop at 56 characters; the partner number
// follows the 10-digit rules and may not appear in the password; smsOptIn follows the shared rule.
// sso partners join through their programme's provider instead.
import { fillTemplate } from '#shared/copy.ts';
import { useState, type FocusEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import type { JoinForm as JoinValues, JoinFormProps } from '#shared/generated/types.ts';
import { validateFormsJoin } from '#shared/generated/validators/validateFormsJoin.js';
import { isValidPartnerNumber, passwordContainsPartnerNumber } from '#shared/partner-number.ts';
import { isEmail, normalizeUsPhone, PASSWORD_MAX } from '#shared/prospect.ts';
import { useCopy, useMember, usePartner } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import {
  CheckboxField,
  ErrorAlert,
  FormPanel,
  Notice,
  PasswordField,
  RequiredNote,
  SubmitButton,
  TextField,
  errorSummary,
  formStyles,
  schemaResolver,
  showServerFieldErrors,
} from '#client/ui/form/index.ts';
import { useEnrol } from './api/create-prospect.ts';
import { validateEmail } from './api/validate-email.ts';
import { ssoStartUrl } from '#client/features/session/index.ts';
import { errorBodyOf } from '#client/api/error-body.ts';
import styles from './JoinForm.module.css';

type Values = Required<JoinValues>;
/** Copy keys of the server's enrolment error codes (schemas/api/auth-error.schema.json). */
const SERVER_ERROR_COPY: Partial<Record<string, string>> = {
  email_in_use: 'join.emailInUse',
  partner_number_invalid: 'join.partnerNumberInvalid',
  partner_number_in_use: 'join.partnerNumberInUse',
  password_contains_partner_number: 'join.passwordHasPartnerNumber',
  passwords_differ: 'join.passwordsDiffer',
  invalid_phone: 'form.invalidUsPhone',
};
const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'password',
  'passwordConfirm',
  'zipCode',
  'partnerNumber',
  'phoneNumber',
  'emailOptIn',
  'smsOptInV2',
] as const;

function Benefits() {
  const copy = useCopy();
  const items = [
    copy('join.benefit1', 'Earn {earnLevels} at thousands of restaurants.'),
    copy('join.benefit2', 'Link the card you already use — no coupons, no codes.'),
    copy('join.benefit3', 'We add your {currency} automatically after you dine.'),
  ];
  return (
    <div className={styles.benefits}>
      <h2 className={styles.benefitsTitle}>{copy('join.benefitsTitle', 'Why join {programName}?')}</h2>
      <ul>
        {items.map((text, i) => (
          <li key={i}>
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
              <circle cx="10" cy="10" r="10" fill="currentColor" opacity=".15" />
              <path
                d="M5.5 10.5l3 3 6-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function JoinForm({ title, intro }: JoinFormProps) {
  const partner = usePartner();
  const copy = useCopy();
  const member = useMember();
  const location = useLocation();
  const rfr = new URLSearchParams(location.search).get('rfr');
  const heading = title ?? copy('join.title', 'Join {programName}');
  const eyebrow = copy('join.step1', 'Step 1 of 3 · Your information');
  const rfrText =
    rfr !== null && ['0', '1', '2'].includes(rfr)
      ? copy(
          `join.rfr${rfr}`,
          {
            '0': 'Your activation link is missing some information. Join below, or [sign in](link:signIn) if you have an account.',
            '1': 'We could not find your account from that link. Join below to get started.',
            '2': 'Your membership is active, but you have no online account yet. Join below to create one.',
          }[rfr as '0' | '1' | '2'],
        )
      : null;
  const rfrNotice = rfrText ? (
    <Notice role="status">
      <p>
        <CopyText text={rfrText} />
      </p>
    </Notice>
  ) : null;

  if (member) {
    const nonCard = member.memberType !== 'EnrolledCardMember';
    return (
      <FormPanel title={heading} eyebrow={nonCard ? eyebrow : undefined}>
        <Notice role="status">
          <p>
            {nonCard
              ? copy('join.signedInNonCard', 'You are signed in. Link a card to start earning.')
              : copy('join.alreadyMember', 'You are already a member of {programName}.')}
          </p>
        </Notice>
        <div className={formStyles.actions} style={{ marginTop: 'var(--space-4)' }}>
          <Link className={formStyles.button} to={nonCard ? '/add_card' : '/account/overview'}>
            {nonCard ? copy('join.linkCard', 'Link a card') : copy('join.toAccount', 'Go to your account')}
          </Link>
        </div>
      </FormPanel>
    );
  }

  if (partner.config.enrollmentType === 'sso') {
    const provider = partner.config.sso?.providerName ?? partner.config.name;
    return (
      <FormPanel
        title={heading}
        eyebrow={eyebrow}
        intro={
          <CopyText
            text={
              intro ??
              copy('join.sso.intro', 'Join with your {provider} account, then link a card to start earning.').replace(
                '{provider}',
                provider,
              )
            }
          />
        }
        aside={<Benefits />}
      >
        {rfrNotice}
        <div className={formStyles.actions} style={{ marginTop: 'var(--space-4)' }}>
          <button type="button" className={formStyles.button} onClick={() => window.location.assign(ssoStartUrl('join', '/add_card'))}>
            {copy('join.sso.button', 'Join with {provider}').replace('{provider}', provider)}
          </button>
        </div>
      </FormPanel>
    );
  }

  return (
    <FormPanel
      title={heading}
      eyebrow={eyebrow}
      intro={<CopyText text={intro ?? copy('join.intro', 'Tell us about yourself. Next, you link a card.')} />}
      wide
      aside={<Benefits />}
      footer={
        <p>
          <CopyText text={copy('join.signInPrompt', 'Already a member? [Sign in](link:signIn).')} />
        </p>
      }
    >
      {rfrNotice}
      <DirectJoin
        prefill={
          typeof (location.state as { email?: unknown } | null)?.email === 'string' ? (location.state as { email: string }).email : ''
        }
      />
    </FormPanel>
  );
}

function DirectJoin({ prefill }: { prefill: string }) {
  const partner = usePartner();
  const copy = useCopy();
  const navigate = useNavigate();
  const enrol = useEnrol();
  const config = partner.config;
  const hasPhone = config.hasSmsOptIn || config.hasSmsOptInV2;
  const [problem, setProblem] = useState<string | null>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const labels: Record<string, string> = {
    firstName: copy('join.firstName', 'First name'),
    lastName: copy('join.lastName', 'Last name'),
    email: copy('join.email', 'Email address'),
    password: copy('join.password', 'Password'),
    passwordConfirm: copy('join.passwordConfirm', 'Confirm password'),
    zipCode: copy('join.zipCode', 'ZIP code'),
    partnerNumber: label(config.partnerNumberLabel),
    phoneNumber: copy('join.phoneNumber', 'Mobile phone number'),
    emailOptIn: copy('join.emailOptInShort', 'Email offers'),
    smsOptInV2: copy('join.smsOptInShort', 'Text messages'),
  };
  const partnerNumberInvalid = copy('join.partnerNumberInvalid', 'Please enter a valid {partnerNumberLabel}.');
  const form = useForm<Values>({
    mode: 'onBlur',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: prefill,
      password: '',
      passwordConfirm: '',
      zipCode: '',
      partnerNumber: '',
      phoneNumber: '',
      emailOptIn: false,
      smsOptInV2: false,
    },
    resolver: schemaResolver<Values>(validateFormsJoin, {
      copy,
      keepWhitespace: ['password', 'passwordConfirm'],
      alsoRequired: () => (config.hasPPN ? ['partnerNumber'] : []),
      messages: {
        email: { pattern: copy('form.invalidEmail', 'Please enter a valid email address.') },
        password: { pattern: copy('join.passwordRule', 'Use at least one letter and one number.') },
        zipCode: {
          pattern: copy('form.zipDigits', 'ZIP code must have 5 digits.'),
          max: copy('form.zipDigits', 'ZIP code must have 5 digits.'),
        },
        phoneNumber: { pattern: copy('form.invalidPhone', 'Invalid phone number, please check the number and try again.') },
        partnerNumber: { pattern: partnerNumberInvalid, max: partnerNumberInvalid },
      },
      refine: (v) => ({
        passwordConfirm:
          v.password && v.passwordConfirm !== undefined && v.password !== v.passwordConfirm
            ? copy('join.passwordsDiffer', 'Passwords do not match.')
            : undefined,
        partnerNumber:
          v.partnerNumber && config.partnerNumberValidator === 'ppn' && !isValidPartnerNumber(v.partnerNumber)
            ? partnerNumberInvalid
            : undefined,
        password:
          v.password && passwordContainsPartnerNumber(v.password, v.partnerNumber)
            ? copy('join.passwordHasPartnerNumber', 'Your password must not contain your {partnerNumberLabel}.')
            : undefined,
        phoneNumber:
          v.phoneNumber && !normalizeUsPhone(v.phoneNumber) ? copy('form.invalidUsPhone', 'Invalid US based phone number.') : undefined,
      }),
    }),
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const phone = form.watch('phoneNumber');
  const summary = errorSummary(errors, labels, copy, FIELDS);
  const emailRegistration = form.register('email');

  const checkEmail = async (event: FocusEvent<HTMLInputElement>) => {
    await emailRegistration.onBlur(event);
    const email = form.getValues('email').trim();
    if (email !== form.getValues('email')) form.setValue('email', email);
    setEmailTaken(false);
    if (!isEmail(email) || email.length > 50) return;
    try {
      const { isValid } = await validateEmail(email);
      if (!isValid) {
        setEmailTaken(true);
        form.setError('email', { type: 'taken', message: copy('join.emailInUse', 'This email is already in use with the program.') });
      }
    } catch {
      form.setError('email', {
        type: 'check',
        message: fillTemplate(copy('form.checkFailed', 'Error while checking {field}.'), { field: labels.email! }),
      });
    }
  };

  const onValid = async (values: Values) => {
    setProblem(null);
    try {
      await enrol.mutateAsync({
        ...values,
        phoneNumber: hasPhone ? values.phoneNumber : undefined,
        partnerNumber: config.hasPPN ? values.partnerNumber : undefined,
        smsOptInV2: config.hasSmsOptInV2 ? values.smsOptInV2 === true : undefined,
      });
      await navigate('/add_card');
    } catch (error) {
      const body = errorBodyOf(error);
      if (body?.errors?.length) {
        const count = body.errors.length;
        showServerFieldErrors(form, body, FIELDS, (e) => {
          // The partner's copy for a coded error (spec 001 §8 enrolment copy); the server's text otherwise.
          const code = e.code ?? (count === 1 ? body.code : undefined);
          const key = code ? SERVER_ERROR_COPY[code] : undefined;
          return key ? copy(key, e.message) : e.message;
        });
        if (body.code === 'email_in_use') setEmailTaken(true);
        setProblem(copy('join.checkForm', 'We could not complete your enrolment. Please check form for errors.'));
      } else if (body?.code === 'rate_limited') {
        setProblem(copy('login.rateLimited', 'Too many attempts. Please wait a minute and try again.'));
      } else {
        setProblem(body?.message ?? copy('form.serverError', 'Something went wrong. Please refresh the page and try again.'));
      }
    }
  };

  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      aria-label={copy('join.formLabel', 'Your information')}
    >
      {problem && <ErrorAlert title={problem} messages={summary} />}
      {!problem && isSubmitted && summary.length > 0 && (
        <ErrorAlert
          title={copy('join.checkForm', 'We could not complete your enrolment. Please check form for errors.')}
          messages={summary}
        />
      )}
      {emailTaken && (
        <Notice role="status">
          <p>
            <CopyText
              text={copy(
                'join.alreadyHaveAccount',
                'You already have an account. [Sign in](link:signIn) or [recover your password](link:recover).',
              )}
            />
          </p>
        </Notice>
      )}
      <RequiredNote />
      <div className={formStyles.grid2}>
        <TextField
          label={labels.firstName}
          required
          autoComplete="given-name"
          maxLength={20}
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label={labels.lastName}
          required
          autoComplete="family-name"
          maxLength={20}
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        label={labels.email}
        required
        type="email"
        autoComplete="email"
        maxLength={50}
        error={errors.email?.message}
        {...emailRegistration}
        onBlur={(event) => void checkEmail(event)}
      />
      <div className={formStyles.grid2}>
        <PasswordField
          label={labels.password}
          required
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint={copy('join.passwordHint', '8 to 56 characters, with a letter and a number.')}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label={labels.passwordConfirm}
          required
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          error={errors.passwordConfirm?.message}
          {...form.register('passwordConfirm')}
        />
      </div>
      <div className={formStyles.grid2}>
        <TextField
          label={labels.zipCode}
          required
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          error={errors.zipCode?.message}
          {...form.register('zipCode')}
        />
        {config.hasPPN && (
          <TextField
            label={labels.partnerNumber}
            required
            inputMode="numeric"
            maxLength={10}
            hint={<CopyText text={copy('join.partnerNumberHint', '10 digits. [Where do I find it?](link:findPartnerNumber)')} />}
            error={errors.partnerNumber?.message}
            {...form.register('partnerNumber')}
          />
        )}
      </div>
      {hasPhone && (
        <TextField
          label={labels.phoneNumber}
          type="tel"
          autoComplete="tel-national"
          maxLength={20}
          hint={copy('join.phoneHint', 'US numbers only, e.g. 212-555-0134.')}
          error={errors.phoneNumber?.message}
          {...form.register('phoneNumber')}
        />
      )}
      <CheckboxField
        label={
          <CopyText
            text={copy('join.emailOptIn', 'Email me offers and news from {programName}. Opting in unlocks the higher earning level.')}
          />
        }
        {...form.register('emailOptIn')}
      />
      {config.hasSmsOptInV2 && (
        <CheckboxField
          label={<CopyText text={copy('join.smsOptIn', 'Text me offers at this number. Message and data rates may apply.')} />}
          disabled={!phone}
          {...form.register('smsOptInV2')}
        />
      )}
      <p className={formStyles.hint}>
        <CopyText
          text={copy('join.terms', 'By continuing you accept the program [terms](link:terms) and [privacy policy](link:privacy).')}
        />
      </p>
      <div className={formStyles.actions}>
        <SubmitButton loading={isSubmitting}>{copy('join.submit', 'Continue')}</SubmitButton>
      </div>
    </form>
  );
}
