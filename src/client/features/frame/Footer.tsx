// The footer of spec 000 §2: app-store badges (not inside the native app), the logo chain
// (partner logo and the Menuboard network logo, both hidden for a partner with hideFooterLogos),
// primary and secondary CMS links, support contacts, copyright and the global disclaimer.
import { useCmsEntries, useCopy, usePartner, useVisitor } from '#client/runtime/index.tsx';
import { linksOffered } from '#shared/content-features.ts';
import { NetworkLogo } from './icons.tsx';
// Store badges drawn in the stores' black-badge style (offline; no third-party image): image files,
// not script, since they are only pictures, below the fold.
import appStoreBadge from './app-store-badge.svg?no-inline';
import googlePlayBadge from './google-play-badge.svg?no-inline';
import { CmsHtml } from '#client/ui/CmsHtml.tsx';
import { FrameLink } from './FrameLink.tsx';
import { useGlobalFields, useSubstitute } from './navigation.ts';
import { supportEmailLink } from './rules.ts';
import styles from './Footer.module.css';
import { logoSize } from './logo.ts';

export function Footer() {
  const partner = usePartner();
  const visitor = useVisitor();
  const sub = useSubstitute();
  const copy = useCopy();
  const footer = useGlobalFields('footer');
  const { config, theme } = partner;
  const year = new Date().getFullYear();
  const email = supportEmailLink(config.customerSupport.email.href);
  // A closed account earns nothing until it re-enrols: no links about VIP status or earning bonuses.
  const closed = visitor.kind === 'closedAccount';
  const earnDetails = useCmsEntries('earn_details');
  const primary = linksOffered(footer.primary_links ?? [], closed, earnDetails);
  const secondary = linksOffered(footer.secondary_links ?? [], closed, earnDetails);

  return (
    <footer className={styles.footer}>
      <div className="container">
        <div className={styles.top}>
          <div className={styles.brand}>
            {!config.hideFooterLogos && (
              <div className={styles.logoChain}>
                <img src={theme.logo.src} alt={theme.logo.alt} className={styles.partnerLogo} {...logoSize(theme.logo, 36)} />
                <span className={styles.chainSep} aria-hidden="true" />
                <span className={styles.networkLogo}>
                  <span className={styles.poweredBy}>{copy('frame.poweredBy', 'Powered by')}</span>
                  <NetworkLogo />
                </span>
              </div>
            )}
            <div className={styles.support}>
              <h2 className={styles.heading}>{copy('frame.support', 'Need help?')}</h2>
              <ul className={styles.supportList}>
                <li>
                  <a href={config.customerSupport.phone.href}>{config.customerSupport.phone.formatted}</a>
                </li>
                <li>
                  <a href={email.href} {...(email.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                    {config.customerSupport.email.display}
                    {email.newTab && <span className="visually-hidden"> {copy('frame.newTab', '(opens in a new tab)')}</span>}
                  </a>
                </li>
              </ul>
            </div>
          </div>
          {primary.length > 0 && (
            <nav aria-label={copy('frame.footerNav', 'Footer')} className={styles.primaryNav}>
              <ul className={styles.primaryLinks}>
                {primary.map((link) => (
                  <li key={link.url + link.text}>
                    <FrameLink url={link.url}>{sub(link.text)}</FrameLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {!visitor.nativeApp && (
            <div className={styles.apps}>
              <h2 className={styles.heading}>{copy('frame.getTheApp', 'Get the app')}</h2>
              <div className={styles.badges}>
                <a href={config.appStores.ios} className={styles.badge} target="_blank" rel="noopener noreferrer">
                  <img src={appStoreBadge} alt="" width={135} height={40} loading="lazy" decoding="async" />
                  <span className="visually-hidden">
                    {copy('frame.appStore', 'Download on the App Store')} {copy('frame.newTab', '(opens in a new tab)')}
                  </span>
                </a>
                <a href={config.appStores.android} className={styles.badge} target="_blank" rel="noopener noreferrer">
                  <img src={googlePlayBadge} alt="" width={135} height={40} loading="lazy" decoding="async" />
                  <span className="visually-hidden">
                    {copy('frame.googlePlay', 'Get it on Google Play')} {copy('frame.newTab', '(opens in a new tab)')}
                  </span>
                </a>
              </div>
            </div>
          )}
        </div>
        <div className={styles.bottom}>
          {secondary.length > 0 && (
            <ul className={styles.secondaryLinks} aria-label={copy('frame.legalLinks', 'Legal')}>
              {secondary.map((link) => (
                <li key={link.url + link.text}>
                  <FrameLink url={link.url}>{sub(link.text)}</FrameLink>
                </li>
              ))}
            </ul>
          )}
          <p className={styles.copyright}>
            {footer.copyright ? sub(footer.copyright) : `© ${year} ${config.name}. ${copy('frame.rights', 'All rights reserved.')}`}
          </p>
          {footer.disclaimer && <CmsHtml className={styles.disclaimer} html={sub(footer.disclaimer)} />}
        </div>
      </div>
    </footer>
  );
}
