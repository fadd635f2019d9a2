// /earn, the offers list (spec 000 §2): the global group's earn banner text as the page's lead, then
// one card per earn_details entry (its browser title and banner text) linking to /earn/{url}.
import { useId } from 'react';
import { Link } from '#client/ui/Link.tsx';
import type { CmsGlobalFields } from '#shared/generated/types.ts';
import { useFill, useCmsEntry, useCopy, usePartner, useVisitor } from '#client/runtime/index.tsx';
import { useEarnDetails } from './content.ts';
import { ArrowIcon, CheckIcon, OfferIcon } from './icons.tsx';
import styles from './Earn.module.css';

export function EarnOverview() {
  const copy = useCopy();
  const fill = useFill();
  const { config } = usePartner();
  const visitor = useVisitor();
  const offersId = useId();
  const lines = ((useCmsEntry('*', 'earn')?.fields ?? {}) as CmsGlobalFields).banner_text ?? [];
  const details = useEarnDetails();
  const invite = visitor.kind === 'anonymous' && config.enrollmentType !== 'none';
  return (
    <>
      <header className="container">
        <div className={styles.hero}>
          <h1 className={styles.heroTitle}>{copy('earn.title', 'Ways to earn {currency}')}</h1>
          {lines.length > 0 && (
            <ul className={styles.checklist}>
              {lines.map((line, i) => (
                <li key={i}>
                  <CheckIcon />
                  <span>{fill.text(line)}</span>
                </li>
              ))}
            </ul>
          )}
          <p className={styles.heroActions}>
            <Link to="/search" className={styles.heroButton}>
              {copy('earn.findRestaurants', 'Find restaurants')}
              <ArrowIcon />
            </Link>
            {invite && (
              <Link to="/join" className={styles.heroSecondary}>
                {copy('earn.join', 'Join {programName}')}
              </Link>
            )}
            <Link to="/how-it-works" className={styles.heroLink}>
              {copy('earn.howItWorksLink', 'How it works')}
            </Link>
          </p>
        </div>
      </header>
      {details.length > 0 && (
        <section className={`container ${styles.offers}`} aria-labelledby={offersId}>
          <h2 id={offersId} className={styles.sectionTitle}>
            {copy('earn.offersTitle', 'Offers and bonuses')}
          </h2>
          <ul className={styles.cards}>
            {details.map(({ slug, fields }) => (
              <li key={slug} className={styles.card}>
                <span className={styles.cardIcon}>
                  <OfferIcon slug={slug} />
                </span>
                <h3 className={styles.cardTitle}>
                  <Link to={`/earn/${slug}`} className={styles.cardLink}>
                    {fill.text(fields.browser_title?.trim() || slug)}
                  </Link>
                </h3>
                {fields.banner_text && <p className={styles.cardText}>{fill.text(fields.banner_text)}</p>}
                <span className={styles.cardMore} aria-hidden="true">
                  {copy('earn.learnMore', 'Learn more')}
                  <ArrowIcon />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
