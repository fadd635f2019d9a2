// How to order from a merchant (spec 001 §2: order dialog and the /merchants/{id}/Order sub-route):
// in this app (internal), on the merchant's own site (external) or through delivery partners, with
// the note that rewards apply to the subtotal only.
import { fillTemplate } from '#shared/copy.ts';
import { Link } from '#client/ui/Link.tsx';
import type { MerchantDetail } from '#shared/generated/types.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { hostOf } from './format.ts';
import styles from './MerchantDetail.module.css';

export function OrderOptions({ detail, showInternal = true }: { detail: MerchantDetail; showInternal?: boolean }) {
  const copy = useCopy();
  const ordering = detail.ordering;
  if (!ordering) return <p className={styles.muted}>{copy('merchantDetail.order.none', 'This restaurant does not take online orders.')}</p>;
  return (
    <>
      <ul className={styles.orderList}>
        {ordering.internal && showInternal && (
          <li>
            <Link className={styles.button} to={`/merchants/${encodeURIComponent(detail.merchant.id)}/Order`}>
              {copy('merchantDetail.order.internal', 'Order ahead here')}
            </Link>
          </li>
        )}
        {ordering.externalUrl && (
          <li>
            <a className={styles.button} href={ordering.externalUrl} target="_blank" rel="noreferrer">
              {fillTemplate(copy('merchantDetail.order.external', 'Order on {site}'), { site: hostOf(ordering.externalUrl) })}
            </a>
          </li>
        )}
        {ordering.providers.map((p) => (
          <li key={p.name}>
            <a className={styles.pagerButton} href={p.url} target="_blank" rel="noreferrer">
              {fillTemplate(copy('merchantDetail.order.provider', 'Delivery with {name}'), { name: p.name })}
            </a>
          </li>
        ))}
      </ul>
      <p className={styles.legal}>
        {copy('merchantDetail.order.subtotal', 'Order benefits apply to the subtotal only (before tax, tip and fees).')}
      </p>
    </>
  );
}
