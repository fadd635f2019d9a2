// Offers at this merchant by visitor kind and tier (spec 001 §2, §6), with the merchant card's rules:
// anonymous visitors are asked to sign in, members below an exclusive location's tier get the
// unlock-access dialog, not-activated members the activate prompt; members see their tier's earn
// rate, the bonus line and the offer terms (Unlimited, or Limited with monthly caps).
import { useState } from 'react';
import { Link } from '#client/ui/Link.tsx';
import { fillTemplate, substitute } from '#shared/copy.ts';
import { CopyText } from '#client/ui/CopyText.tsx';
import { useCopy, useMember, usePartner, useRuntime, useVisitor } from '#client/runtime/index.tsx';
import { useIsClient } from '#client/lib/useIsClient.ts';
import { useFlexOffer } from './api/flex-offer.ts';
import { earnTierOf, offersViewFor, EARN_RATE_DEFAULTS, LockIcon, UnlockAccessDialog } from '#client/features/merchants/index.ts';
import { useMerchantDetail } from './api/merchant-detail.ts';
import { useMerchantId } from './useMerchantId.ts';
import styles from './MerchantDetail.module.css';

export function MerchantOffers({ title }: { title?: string }) {
  const { data } = useMerchantDetail(useMerchantId());
  const copy = useCopy();
  const { config } = usePartner();
  const visitor = useVisitor();
  const { placeholders } = useRuntime();
  const [unlockOpen, setUnlockOpen] = useState(false);
  // Sent by the server, the button does nothing until the page's script has taken over.
  const client = useIsClient();
  const member = useMember();
  const merchantId = useMerchantId();
  const flexOffer = useFlexOffer(merchantId, member?.publicId ?? null, config.hasFlexOffers && data !== undefined);
  if (!data) return null;
  const view = offersViewFor(data.merchant, visitor, config);
  if (view.kind === 'none') return null;
  const terms = data.offers;
  const tier = visitor.tier === null ? 0 : earnTierOf(visitor.tier, config.hasVIP);
  const tierOffer = terms.tiers.find((t) => t.tier === tier);
  const bonus = tierOffer?.bonusText ? substitute(tierOffer.bonusText, placeholders) : null;
  const heading = title ?? copy('merchantDetail.offers.title', 'Your offers here');

  return (
    <section className={`container ${styles.section}`} aria-labelledby="merchant-offers">
      <div className={styles.offerCard}>
        <h2 id="merchant-offers" className={styles.sectionTitle}>
          {heading}
        </h2>
        {view.kind === 'signIn' && (
          <p className={styles.offerLine}>
            <Link className={styles.button} to={view.href}>
              {copy('merchantCard.signInToSeeOffers', 'Sign in to see offers')}
            </Link>
          </p>
        )}
        {view.kind === 'linkCard' && (
          <p className={styles.offerLine}>
            <Link className={styles.button} to={view.href}>
              {copy('merchantCard.linkCardToEarn', 'Link a card to earn here')}
            </Link>
          </p>
        )}
        {view.kind === 'locked' && (
          <>
            <p className={styles.offerLine}>
              {copy('merchantDetail.offers.locked', 'This restaurant is an exclusive location for higher-tier members.')}
            </p>
            <button type="button" className={styles.button} onClick={() => setUnlockOpen(true)} aria-haspopup="dialog" disabled={!client}>
              <LockIcon />
              {copy('merchantCard.unlockAccess', 'Unlock access to earn')}
            </button>
            <UnlockAccessDialog tier={view.nextTier} open={unlockOpen} onClose={() => setUnlockOpen(false)} />
          </>
        )}
        {view.kind === 'member' && (
          <>
            {view.earnTier !== null && (
              <p className={styles.earnRate}>{copy(`merchantCard.earnRate.tier${view.earnTier}`, EARN_RATE_DEFAULTS[view.earnTier])}</p>
            )}
            {view.activate && (
              <p className={styles.offerLine}>
                <CopyText text={copy('merchantCard.activateToEarn', '[Activate your account](link:activate) to start earning')} />
              </p>
            )}
            {bonus && <p className={styles.bonusLine}>{bonus}</p>}
            {flexOffer.data && (
              <p className={styles.flexOffer}>
                {fillTemplate(
                  copy('merchantDetail.offers.flex', 'Your personal offer: earn {amount} bonus {currency} on your next visit.'),
                  {
                    amount: flexOffer.data.webMessageOfferAmount.toLocaleString('en-US'),
                  },
                )}
              </p>
            )}
            <ul className={styles.terms}>
              <li>
                {terms.offerType === 'Limited'
                  ? copy('merchantDetail.offers.limited', 'Limited offer')
                  : copy('merchantDetail.offers.unlimited', 'Unlimited offer: earn on every visit')}
              </li>
              <li>
                {terms.maxSpendPerMonth === null
                  ? copy('merchantDetail.offers.spendUnlimited', 'Max spend per month: unlimited')
                  : fillTemplate(copy('merchantDetail.offers.maxSpend', 'Max spend per month: ${amount}'), {
                      amount: terms.maxSpendPerMonth,
                    })}
              </li>
              <li>
                {terms.maxVisitsPerMonth === null
                  ? copy('merchantDetail.offers.visitsUnlimited', 'Max visits per month: unlimited')
                  : fillTemplate(copy('merchantDetail.offers.maxVisits', 'Max visits per month: {count}'), {
                      count: terms.maxVisitsPerMonth,
                    })}
              </li>
              <li>{copy('merchantDetail.offers.subtotal', 'Rewards apply to the subtotal only (before tax and tip).')}</li>
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
