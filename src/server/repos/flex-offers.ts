// Flex offers (spec 001 §3, §7): personal bonus offers per member and merchant. The demo provider
// derives them from a hash of partner, merchant and member, so a member's offers are stable and
// about a third of merchants have one; no table is needed.
import type { FlexOffer } from '#shared/generated/types.ts';
import type { Queryable } from '../db/index.ts';
import { createRng, hashString } from '../seed/data/random.ts';

const AMOUNTS = [100, 250, 500, 750, 1000];

/** The member's offer at a merchant, null when they have none there, 'unknownMerchant' when there is no such merchant. */
export async function flexOfferFor(
  db: Queryable,
  partnerId: string,
  merchantId: string,
  publicId: string,
): Promise<FlexOffer | null | 'unknownMerchant'> {
  const { rows } = await db.query('select 1 from merchants where id = $1', [merchantId]);
  if (!rows.length) return 'unknownMerchant';
  const rng = createRng(hashString(`flex:${partnerId}:${merchantId}:${publicId}`));
  if (!rng.chance(0.35)) return null;
  return { id: `FLEX-${merchantId}-${rng.int(1000, 9999)}`, webMessageOfferAmount: rng.pick(AMOUNTS) };
}
