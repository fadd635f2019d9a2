// The activation screen (spec 000 "Activation screen"), /activate and /activate/activated:
// 1. a loader while the known member loads; 2. no ?public_id= -> /join?rfr=0; 3. lookup fails ->
// /join?rfr=1; 4. already activated -> /login?rfr=3 (web profile, active), /login?rfr=4 (web
// profile, not active), /join?rfr=2 (no web profile); 5. a non-activated member sees the page;
// its buttons start activation and are disabled from then on; success replaces the location
// with /activate/activated (both URLs get their page view from the route change); failure shows a
// toast with the activation error text and the support phone.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import { useQuery } from '@tanstack/react-query';
import type { ActivationProps, KnownMember } from '#shared/generated/types.ts';
import { useCmsEntries, useCopy, useFill, usePartner } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { CmsHtml } from '#client/ui/CmsHtml.tsx';
import { Spinner } from '#client/ui/Spinner.tsx';
import { useToast } from '#client/ui/toast/index.ts';
import { FormPanel, formStyles } from '#client/ui/form/index.ts';
import { knownMemberQuery } from '#client/features/session/index.ts';
import { useActivate } from './api/activation.ts';
import styles from './Activation.module.css';

const NON_ACTIVATED_TIER = 1;

/** Where an already-activated member goes (spec 000, step 4), or null to show the page. */
function activationRedirect(member: Pick<KnownMember, 'tierLevel' | 'hasWebProfile' | 'active'>): string | null {
  if (member.tierLevel === NON_ACTIVATED_TIER) return null;
  if (member.hasWebProfile) return member.active ? '/login?rfr=3' : '/login?rfr=4';
  return '/join?rfr=2';
}

interface ActivationFields {
  title?: string;
  text?: string;
  button_text?: string;
  activated_title?: string;
  activated_text?: string;
}

/** The CMS entry's texts with the copy placeholders ({programName}, {currency}, ...) filled in. */
function useActivationContent(slug: string | undefined): ActivationFields {
  const entries = useCmsEntries('tier_1_activation');
  const filler = useFill();
  const entry = (slug ? entries.find((e) => e.slug === slug) : undefined) ?? entries[0];
  const fields = (entry?.fields ?? {}) as ActivationFields;
  // text and activated_text are HTML: the values going into them are escaped.
  const fill = (value: string | undefined, asHtml = false) =>
    value === undefined ? undefined : asHtml ? filler.html(value) : filler.text(value);
  return {
    title: fill(fields.title),
    text: fill(fields.text, true),
    button_text: fill(fields.button_text),
    activated_title: fill(fields.activated_title),
    activated_text: fill(fields.activated_text, true),
  };
}

export function Activation({ stage, cmsSlug }: ActivationProps) {
  return stage === 'activated' ? <Activated cmsSlug={cmsSlug} /> : <Activate cmsSlug={cmsSlug} />;
}

function Activate({ cmsSlug }: { cmsSlug?: string | undefined }) {
  const copy = useCopy();
  const partner = usePartner();
  const toast = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const content = useActivationContent(cmsSlug);
  const publicId = new URLSearchParams(location.search).get('public_id')?.trim() || null;
  const known = useQuery({ ...knownMemberQuery(publicId ?? ''), enabled: publicId !== null });
  const [started, setStarted] = useState(false);
  const mutation = useActivate();

  // Once activation runs, the member it answers (now activated) must not trigger step 4's redirects.
  const activating = mutation.isPending || mutation.isSuccess;
  const redirect = activating
    ? null
    : !publicId
      ? '/join?rfr=0'
      : known.isError
        ? '/join?rfr=1'
        : known.data
          ? activationRedirect(known.data)
          : null;

  useEffect(() => {
    if (redirect) void navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  if (redirect || known.isPending || !known.data) return <Spinner size="lg" />;

  const start = () => {
    if (started) return;
    setStarted(true);
    mutation.mutate(publicId!, {
      onSuccess: (member) => void navigate('/activate/activated', { replace: true, state: { activated: member } }),
      onError: () => {
        // A failed activation may be tried again.
        setStarted(false);
        const phone = partner.config.customerSupport.phone.formatted;
        toast.show({
          kind: 'error',
          message: `${copy('activate.error', 'There was an error activating your account. Please contact customer support.')} ${phone}`,
        });
      },
    });
  };
  const buttonText = content.button_text ?? copy('activate.button', 'Activate now');
  const button = (where: string) => (
    <button
      type="button"
      className={formStyles.button}
      onClick={start}
      disabled={started}
      aria-busy={started || undefined}
      data-testid={`activate-${where}`}
    >
      {started ? copy('form.working', 'Working on your request, please wait.') : buttonText}
    </button>
  );
  const name = known.data.firstName;
  return (
    <FormPanel
      wide
      icon="info"
      eyebrow={name ? copy('activate.greeting', 'Welcome, {name}').replace('{name}', name) : undefined}
      title={content.title ?? copy('activate.title', 'Activate your {programName} benefits')}
      intro={
        content.text ? (
          <CmsHtml html={content.text} className={styles.cms} />
        ) : (
          <CopyText
            text={copy(
              'activate.intro',
              'Your card is already linked. Activate now to start earning {currency} every time you dine at participating restaurants.',
            )}
          />
        )
      }
    >
      <div className={formStyles.actions}>{button('top')}</div>
      <ol className={styles.steps}>
        <li>{copy('activate.stepActivate', 'Activate with one click.')}</li>
        <li>{copy('activate.stepDine', 'Dine at participating restaurants and pay with your linked card.')}</li>
        <li>{copy('activate.stepEarn', 'Earn {earnLevels}.')}</li>
      </ol>
      <div className={formStyles.actions}>{button('bottom')}</div>
    </FormPanel>
  );
}

function Activated({ cmsSlug }: { cmsSlug?: string | undefined }) {
  const copy = useCopy();
  const location = useLocation();
  const content = useActivationContent(cmsSlug);
  const member = (location.state as { activated?: KnownMember } | null)?.activated ?? null;
  const next =
    member && !member.hasWebProfile
      ? { to: '/join', text: copy('activated.join', 'Create your online account') }
      : { to: '/login', text: copy('activated.signIn', 'Sign in') };
  return (
    <FormPanel
      icon="success"
      title={content.activated_title ?? copy('activated.title', "You're activated!")}
      intro={
        content.activated_text ? (
          <CmsHtml html={content.activated_text} className={styles.cms} />
        ) : (
          <CopyText
            text={copy('activated.intro', 'You now earn {currency} whenever you dine at participating restaurants with your linked card.')}
          />
        )
      }
    >
      <div className={formStyles.actions}>
        <Link className={formStyles.button} to="/search">
          {copy('activated.search', 'Find restaurants')}
        </Link>
        <Link className={`${formStyles.button} ${formStyles.secondary}`} to={next.to}>
          {next.text}
        </Link>
      </div>
    </FormPanel>
  );
}
