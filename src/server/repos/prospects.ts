// Prospects: email addresses the home page's lead form left, per partner, until they join.
import type { Queryable } from '../db/index.ts';

/** Remembers a lead; the same address twice is one lead. */
export async function addProspect(db: Queryable, partnerId: string, email: string): Promise<void> {
  await db.query('insert into prospects (partner_id, email) values ($1, $2) on conflict do nothing', [partnerId, email.toLowerCase()]);
}

/** Forgets a lead once it is a member. */
export async function removeProspect(db: Queryable, partnerId: string, email: string): Promise<void> {
  await db.query('delete from prospects where partner_id = $1 and email = $2', [partnerId, email.toLowerCase()]);
}
