// The order section of the detail page: a button that opens the order dialog; nothing when the
// merchant takes no online orders.
import { fillTemplate } from '#shared/copy.ts';
import { useEffect, useMemo, useState } from 'react';
import { useDocumentTitle } from '#client/ui/useDocumentTitle.ts';
import { MerchantHeader } from './MerchantHeader.tsx';
import { Modal } from '#client/ui/Modal.tsx';
import { useCopy } from '#client/runtime/index.tsx';
import { useMerchantDetail } from './api/merchant-detail.ts';
import { useMerchantId } from './useMerchantId.ts';
import { merchantFacts } from './head.ts';
import { OrderOptions } from './OrderOptions.tsx';
import { useIsClient } from '#client/lib/useIsClient.ts';
import styles from './MerchantDetail.module.css';

export function MerchantOrdering({ title }: { title?: string }) {
  const { data } = useMerchantDetail(useMerchantId());
  const copy = useCopy();
  const [open, setOpen] = useState(false);
  // On a page rendered on the server the dialog needs the page's code: the button says it cannot be
  // used (disabled) until hydration, rather than swallowing a click.
  const client = useIsClient();
  if (!data?.ordering) return null;
  return (
    <section className={`container ${styles.section}`} aria-labelledby="merchant-ordering">
      <h2 id="merchant-ordering" className={styles.sectionTitle}>
        {title ?? copy('merchantDetail.order.title', 'Order online')}
      </h2>
      <button type="button" className={styles.button} aria-haspopup="dialog" disabled={!client} onClick={() => setOpen(true)}>
        {copy('merchantDetail.order.open', 'Start an order')}
      </button>
      {open && (
        <Modal
          title={fillTemplate(copy('merchantDetail.order.dialogTitle', 'Order from {name}'), { name: data.merchant.name })}
          onClose={() => setOpen(false)}
        >
          <OrderOptions detail={data} />
        </Modal>
      )}
    </section>
  );
}

/** The /merchants/{id}/Order page's body: the merchant's name as h1 and its ordering options. */
export function MerchantOrderPage() {
  const query = useMerchantDetail(useMerchantId());
  const copy = useCopy();
  const setTitle = useDocumentTitle();
  const facts = useMemo(() => (query.data ? merchantFacts(query.data) : null), [query.data]);
  useEffect(() => {
    if (facts) setTitle(fillTemplate(copy('merchantDetail.order.dialogTitle', 'Order from {name}'), { name: facts.name }), facts);
  }, [facts, setTitle, copy]);
  // Loading, unknown merchant (Not Found) and failure look as on the detail page.
  if (!query.data) return <MerchantHeader />;
  return (
    <section className={`container ${styles.section}`}>
      <h1 className={styles.name}>
        {fillTemplate(copy('merchantDetail.order.dialogTitle', 'Order from {name}'), { name: query.data.merchant.name })}
      </h1>
      <div className={styles.offerCard} style={{ marginTop: 'var(--space-4)' }}>
        <OrderOptions detail={query.data} showInternal={false} />
      </div>
    </section>
  );
}
