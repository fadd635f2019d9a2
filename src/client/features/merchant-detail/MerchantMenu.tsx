// The menu: images (opened full size in a new tab) or a link to the merchant's online menu; a note
// when the merchant has given neither.
import { fillTemplate } from '#shared/copy.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { useMerchantDetail } from './api/merchant-detail.ts';
import { useMerchantId } from './useMerchantId.ts';
import { hostOf } from './format.ts';
import { ResponsiveImage } from '#client/ui/ResponsiveImage.tsx';
import styles from './MerchantDetail.module.css';

export function MerchantMenu({ title }: { title?: string }) {
  const { data } = useMerchantDetail(useMerchantId());
  const copy = useCopy();
  if (!data) return null;
  const { menu } = data;
  return (
    <section className={`container ${styles.section}`} aria-labelledby="merchant-menu">
      <h2 id="merchant-menu" className={styles.sectionTitle}>
        {title ?? copy('merchantDetail.menu.title', 'Menu')}
      </h2>
      {menu?.images?.length ? (
        <ul className={styles.menuImages}>
          {menu.images.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer">
                <ResponsiveImage
                  image={src}
                  alt={fillTemplate(copy('merchantDetail.menu.page', 'Menu page {n} of {count}'), {
                    n: i + 1,
                    count: menu.images?.length ?? 0,
                  })}
                  sizes="300px"
                  loading="lazy"
                  width={300}
                  height={400}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : menu?.url ? (
        <p>
          <a className={styles.button} href={menu.url} target="_blank" rel="noreferrer">
            {fillTemplate(copy('merchantDetail.menu.link', 'View the menu on {site}'), { site: hostOf(menu.url) })}
          </a>
        </p>
      ) : (
        <p className={styles.muted}>{copy('merchantDetail.menu.none', 'This restaurant has not shared its menu yet.')}</p>
      )}
    </section>
  );
}
