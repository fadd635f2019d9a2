// A merchant as a card (spec 001 §2 "Merchant card"), shared by carousels and the search page.
// The whole card is clickable through its name link stretched over it (a link cannot contain the
// card's other controls, so they sit above the stretched area instead of inside the link).
import { useState } from 'react';
import { Link } from '#client/ui/Link.tsx';
import type { Merchant } from '#shared/generated/types.ts';
import { substitute } from '#shared/copy.ts';
import { useCopy, usePartner, useRuntime, useVisitor } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { clampPrice, distanceText, offersViewFor, placeOf, showsAcclaimed, type EarnTier } from './offers.ts';
import { LockIcon } from './LockIcon.tsx';
import { UnlockAccessDialog } from './DeferredUnlockAccessDialog.tsx';
import { RatingAndPrice } from './RatingAndPrice.tsx';
import { ResponsiveImage } from '#client/ui/ResponsiveImage.tsx';
import styles from './MerchantCard.module.css';

type Highlight = NonNullable<Merchant['details']['highlight']>;

const HIGHLIGHT_DEFAULTS: Record<Highlight, string> = {
  acclaimed: 'Acclaimed',
  comingSoon: 'Coming soon',
  leavingSoon: 'Leaving soon',
  new: 'New',
  limitedTime: 'Limited time',
  orderExternal: 'Order online',
  orderInternal: 'Order ahead',
};

export const EARN_RATE_DEFAULTS: Record<EarnTier, string> = {
  0: 'Earn {earnRateTier0}',
  2: 'Earn {earnRateTier2}',
  3: 'Earn {earnRateTier3}',
};

export interface MerchantCardProps {
  merchant: Merchant;
  /** Heading level of the name, to fit the page outline (default 3). */
  headingLevel?: 2 | 3 | 4;
}

export function MerchantCard({ merchant, headingLevel = 3 }: MerchantCardProps) {
  const copy = useCopy();
  const partner = usePartner();
  const visitor = useVisitor();
  const { placeholders } = useRuntime();
  const [unlockOpen, setUnlockOpen] = useState(false);
  const config = partner.config;
  const { details, benefitAvailability } = merchant;

  const acclaimed = showsAcclaimed(merchant, config);
  const highlight =
    details.highlight && !(details.highlight === 'acclaimed' && (acclaimed || !config.acclaimedEnabled)) ? details.highlight : null;
  const rating = details.rating;
  const price = clampPrice(details.priceRange);
  const cuisines = details.cuisines.filter(Boolean).join('/');
  const place = placeOf(merchant);
  const distance = distanceText(merchant.distance);
  const offers = offersViewFor(merchant, visitor, config);
  const bonusText = benefitAvailability.bonusText ? substitute(benefitAvailability.bonusText, placeholders) : null;
  const offerTag = benefitAvailability.offerTag ? substitute(benefitAvailability.offerTag, placeholders) : null;
  const Heading = `h${headingLevel}` as const;

  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <ResponsiveImage
          className={styles.image}
          image={`${merchant.images.imageBaseUrl}promo.svg`}
          alt={merchant.name}
          sizes="300px"
          loading="lazy"
          width={400}
          height={300}
        />
        {(highlight || acclaimed) && (
          <div className={styles.badges}>
            {highlight && (
              <span className={`${styles.highlight} ${styles[`highlight_${highlight}`] ?? ''}`}>
                {copy(`merchantCard.highlight.${highlight}`, HIGHLIGHT_DEFAULTS[highlight])}
              </span>
            )}
            {acclaimed && (
              <span className={styles.acclaimed}>
                <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                  <path d="M12 2l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 16.9 6.1 20l1.2-6.5L2.5 8.9 9.1 8z" fill="currentColor" />
                </svg>
                {copy('merchantCard.acclaimed', 'Acclaimed')}
              </span>
            )}
          </div>
        )}
        {distance && <span className={styles.distance}>{distance}</span>}
      </div>

      <div className={styles.body}>
        <Heading className={styles.name}>
          <Link to={`/merchants/${encodeURIComponent(merchant.id)}`} className={styles.link}>
            {merchant.name}
          </Link>
        </Heading>

        <p className={styles.meta}>
          <RatingAndPrice
            rating={rating}
            price={price}
            classes={{
              rating: styles.rating,
              count: styles.count,
              price: styles.price,
              priceOn: styles.priceOn,
              priceOff: styles.priceOff,
            }}
            star={
              <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" className={styles.star}>
                <path d="M12 2l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 16.9 6.1 20l1.2-6.5L2.5 8.9 9.1 8z" fill="currentColor" />
              </svg>
            }
          />
        </p>

        {cuisines && <p className={styles.cuisines}>{cuisines}</p>}
        {place && <p className={styles.place}>{place}</p>}

        <Offers offers={offers} bonusText={bonusText} offerTag={offerTag} onUnlock={() => setUnlockOpen(true)} />
      </div>
      {offers.kind === 'locked' && <UnlockAccessDialog tier={offers.nextTier} open={unlockOpen} onClose={() => setUnlockOpen(false)} />}
    </article>
  );
}

function Offers({
  offers,
  bonusText,
  offerTag,
  onUnlock,
}: {
  offers: ReturnType<typeof offersViewFor>;
  bonusText: string | null;
  offerTag: string | null;
  onUnlock: () => void;
}) {
  const copy = useCopy();
  switch (offers.kind) {
    case 'none':
      return null;
    case 'signIn':
      return (
        <div className={styles.offers}>
          <Link to={offers.href} className={`${styles.above} ${styles.signIn}`}>
            {copy('merchantCard.signInToSeeOffers', 'Sign in to see offers')}
          </Link>
        </div>
      );
    case 'linkCard':
      return (
        <div className={styles.offers}>
          <Link to={offers.href} className={`${styles.above} ${styles.signIn}`}>
            {copy('merchantCard.linkCardToEarn', 'Link a card to earn here')}
          </Link>
        </div>
      );
    case 'locked':
      return (
        <div className={styles.offers}>
          <button type="button" className={`${styles.above} ${styles.unlock}`} onClick={onUnlock} aria-haspopup="dialog">
            <LockIcon />
            {copy('merchantCard.unlockAccess', 'Unlock access to earn')}
          </button>
        </div>
      );
    case 'member': {
      const earn =
        offers.earnTier !== null ? copy(`merchantCard.earnRate.tier${offers.earnTier}`, EARN_RATE_DEFAULTS[offers.earnTier]) : null;
      if (!earn && !bonusText && !offerTag && !offers.activate) return null;
      return (
        <div className={styles.offers}>
          {earn && (
            <p className={styles.earn}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
                <path
                  d="M12 7v10M9 9.5c0-1 1.2-1.8 3-1.8s3 .8 3 1.8-1.2 1.6-3 2-3 1-3 2 1.2 1.8 3 1.8 3-.8 3-1.8"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinecap="round"
                />
              </svg>
              {earn}
            </p>
          )}
          {offers.activate && (
            <p className={styles.activate}>
              <CopyText text={copy('merchantCard.activateToEarn', '[Activate your account](link:activate) to start earning')} />
            </p>
          )}
          {bonusText && <p className={styles.bonus}>{bonusText}</p>}
          {offerTag && <span className={styles.tag}>{offerTag}</span>}
        </div>
      );
    }
  }
}
