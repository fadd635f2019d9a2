import type { MerchantDetail } from '#shared/generated/types.ts';
import type { MerchantFacts } from '#shared/head.ts';

/** What the page's head says about the merchant (its description): the same facts the server used. */
export function merchantFacts(detail: MerchantDetail): MerchantFacts {
  const { merchant } = detail;
  return {
    name: merchant.name,
    cuisines: merchant.details.cuisines,
    neighborhood: merchant.location.neighborhood ?? null,
    city: merchant.location.address.city,
  };
}
