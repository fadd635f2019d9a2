import { useCmsEntry, usePartner } from '#client/ui/runtime.tsx';
import type { CmsGlobalFields } from '#shared/generated/types.ts';
import styles from './Frame.module.css';

export function Footer() {
  const partner = usePartner();
  const footer = useCmsEntry('*', 'footer')?.fields as CmsGlobalFields | undefined;
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className="container">
        <div className={styles.footerTop}>
          <img src={partner.theme.logo.src} alt={partner.theme.logo.alt} height={36} className={styles.footerLogo} />
          <ul className={styles.footerLinks}>
            {footer?.primary_links?.map((link) => (
              <li key={link.url + link.text}>
                <a href={link.url}>{link.text}</a>
              </li>
            ))}
          </ul>
        </div>
        <ul className={`${styles.footerLinks} ${styles.secondary}`}>
          {footer?.secondary_links?.map((link) => (
            <li key={link.url + link.text}>
              <a href={link.url}>{link.text}</a>
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>{footer?.copyright ?? `© ${year} ${partner.config.name}`}</p>
      </div>
    </footer>
  );
}
