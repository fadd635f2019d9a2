// The rating and price meter of a merchant (spec 001 "Merchant card": rating out of 5 with the
// number of ratings, price meter 0 to 4), shared by the merchant card and the detail page header.
// Each caller styles it with its own classes; the words a screen reader hears are the same.
import type { ReactNode } from 'react';
import { fillTemplate } from '#shared/copy.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { formatRating } from './offers.ts';

// One formatter for every card: Number#toLocaleString builds a new one on each call, which showed in
// profiles of pages with many carousels (two calls per card per render).
const COUNT = new Intl.NumberFormat('en-US');

export interface RatingAndPriceClasses {
  rating?: string;
  /** The muted number of ratings and "No ratings yet". */
  count?: string;
  price?: string;
  priceOn?: string;
  priceOff?: string;
}

export function RatingAndPrice({
  rating,
  price,
  star,
  classes,
}: {
  rating: { overallRating: number; numberOfRatings: number };
  /** 0..4; 0 shows no meter. */
  price: number;
  star: ReactNode;
  classes: RatingAndPriceClasses;
}) {
  const copy = useCopy();
  return (
    <>
      {rating.numberOfRatings > 0 ? (
        <span className={classes.rating}>
          {star}
          <span aria-hidden="true">
            {formatRating(rating.overallRating)} <span className={classes.count}>({COUNT.format(rating.numberOfRatings)})</span>
          </span>
          <span className="visually-hidden">
            {fillTemplate(copy('merchantCard.ratingLabel', '{rating} out of 5, {count} ratings'), {
              rating: formatRating(rating.overallRating),
              count: COUNT.format(rating.numberOfRatings),
            })}
          </span>
        </span>
      ) : (
        <span className={classes.count}>{copy('merchantCard.noRatings', 'No ratings yet')}</span>
      )}
      {price > 0 && (
        <span className={classes.price}>
          <span aria-hidden="true">
            <span className={classes.priceOn}>{'$'.repeat(price)}</span>
            <span className={classes.priceOff}>{'$'.repeat(4 - price)}</span>
          </span>
          <span className="visually-hidden">{fillTemplate(copy('merchantCard.priceLabel', 'Price: {price} out of 4'), { price })}</span>
        </span>
      )}
    </>
  );
}
