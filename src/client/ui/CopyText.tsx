// Renders copy: named links ([label](link:name)) become links, ® becomes superscript unless the
// partner's body font draws it small already.
import { Fragment, useMemo } from 'react';
import { Link } from '#client/ui/Link.tsx';
import { parseCopy, registeredMarkIsSuperscript, type CopyLinkName } from '#shared/copy.ts';
import { usePartner } from '../runtime/index.tsx';
import { signInPath, type PartnerBundle } from '#shared/partner.ts';

export function copyLinkHref(name: CopyLinkName, partner: PartnerBundle): string {
  const c = partner.config;
  const signIn = signInPath(c.enrollmentType);
  const emailHref = c.customerSupport.email.href;
  switch (name) {
    case 'signIn':
      return signIn;
    case 'activate':
      return '/activate';
    case 'join':
      return '/join';
    case 'recover':
      return '/recover';
    case 'deleteCard':
      return '/account/manage_cards';
    case 'terms':
      return c.links.terms;
    case 'privacy':
      return c.links.privacy;
    case 'findPartnerNumber':
      return c.links.findPartnerNumber;
    case 'supportPhone':
      return c.customerSupport.phone.href;
    case 'supportEmail':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailHref) ? `mailto:${emailHref}` : emailHref;
    case 'offersLegal':
      return c.links.offersLegal;
    case 'eventsLegal':
      return c.links.eventsLegal;
    case 'home':
      return '/';
    case 'signOut':
      return '/SignOut';
    case 'shortCodeSms':
      return `sms:${c.shortCode}`;
  }
}

export function CopyText({ text }: { text: string }) {
  const partner = usePartner();
  const segments = useMemo(() => parseCopy(text, registeredMarkIsSuperscript(partner.theme.font.body)), [text, partner]);
  return (
    <>
      {segments.map((segment, i) => {
        if (segment.kind === 'registered') return <sup key={i}>®</sup>;
        if (segment.kind === 'text') return <Fragment key={i}>{segment.text}</Fragment>;
        const href = copyLinkHref(segment.link, partner);
        return href.startsWith('/') && !href.startsWith('//') ? (
          <Link key={i} to={href}>
            {segment.text}
          </Link>
        ) : (
          <a key={i} href={href} {...(/^https?:/.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {segment.text}
          </a>
        );
      })}
    </>
  );
}
