// /earn/{slug} (spec 000 §2, §3 "Earn details"): the earn_details entry whose url is the slug, with
// its browser title, banner text, main and side columns (sanitised CMS HTML) and disclaimer. A slug
// no entry has is the Not Found page. /earn/reservations is the reservation terms this way.
import { useId } from 'react';
import { useParams } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import { CmsHtml } from '#client/ui/CmsHtml.tsx';
import { useFill, useCopy } from '#client/runtime/index.tsx';
import { useBlockTitle, useEarnDetails, type EarnDetailEntry } from './content.ts';
import { PageNotFound } from './PageNotFound.tsx';
import { ArrowIcon, BackIcon } from './icons.tsx';
import styles from './Earn.module.css';

export function EarnDetail() {
  const slug = (useParams().slug ?? '').toLowerCase();
  const entry = useEarnDetails().find((candidate) => candidate.slug === slug);
  return entry ? <Detail entry={entry} /> : <PageNotFound />;
}

function Detail({ entry }: { entry: EarnDetailEntry }) {
  const copy = useCopy();
  const fill = useFill();
  const disclaimerId = useId();
  const { fields } = entry;
  const title = fill.text(fields.browser_title?.trim() || copy('earn.detail.title', 'Offer details'));
  const headline = fields.banner_text?.trim() ? fill.text(fields.banner_text) : title;
  useBlockTitle(title);
  return (
    <article className={styles.detail}>
      <header className="container">
        <div className={styles.hero}>
          <Link to="/earn" className={styles.back}>
            <BackIcon />
            {copy('earn.detail.back', 'All ways to earn')}
          </Link>
          {headline !== title && <p className={styles.eyebrow}>{title}</p>}
          <h1 className={styles.heroTitle}>{headline}</h1>
        </div>
      </header>
      <div className={`container ${styles.columns}`}>
        <div className={styles.mainColumn}>
          {fields.main_column && <CmsHtml className={styles.prose} html={fill.html(fields.main_column)} />}
          <p className={styles.actions}>
            <Link to="/search" className={styles.primaryButton}>
              {copy('earn.findRestaurants', 'Find restaurants')}
              <ArrowIcon />
            </Link>
          </p>
        </div>
        {fields.side_column && (
          <aside className={styles.sideColumn} aria-label={copy('earn.detail.aside', 'Good to know')}>
            <CmsHtml className={styles.prose} html={fill.html(fields.side_column)} />
          </aside>
        )}
      </div>
      {fields.disclaimer && (
        <section className="container" aria-labelledby={disclaimerId}>
          <div className={styles.disclaimer}>
            <h2 id={disclaimerId} className={styles.disclaimerTitle}>
              {copy('earn.detail.disclaimer', 'Terms and conditions')}
            </h2>
            <CmsHtml className={styles.disclaimerText} html={fill.html(fields.disclaimer)} />
          </div>
        </section>
      )}
    </article>
  );
}
