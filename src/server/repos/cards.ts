// Linked cards and the partner's cards on file: rows <-> the API's MemberCard and PartnerCard.
// Linking runs inside the caller's transaction (routes/cards.ts holds the member's row meanwhile).
import type { MemberCard, PartnerCard } from '#shared/generated/types.ts';
import { CARD_NAMES, type CardType } from '#shared/cards.ts';
import type { Queryable } from '../db/index.ts';

interface CardRow {
  id: number;
  card_type: CardType;
  last_four: string;
  description: string;
  partner_card_id: string | null;
}

function toMemberCard(row: CardRow): MemberCard {
  const card: MemberCard = { id: String(row.id), description: row.description, cardType: row.card_type, lastFour: row.last_four };
  if (row.partner_card_id) card.partnerCardId = row.partner_card_id;
  return card;
}

interface PartnerCardRow {
  partner_card_id: string;
  card_type: CardType;
  last_four: string;
}

const toPartnerCard = (r: PartnerCardRow): PartnerCard => ({
  partnerCardId: r.partner_card_id,
  cardType: r.card_type,
  lastFour: r.last_four,
});

/** The member's linked cards, oldest first. */
export async function listCards(db: Queryable, memberId: number): Promise<MemberCard[]> {
  const { rows } = await db.query<CardRow>('select * from member_cards where member_id = $1 order by created_at, id', [memberId]);
  return rows.map(toMemberCard);
}

/** The member's partner-loaded cards that no member has linked yet, in the partner's order. */
export async function listPartnerCards(db: Queryable, partnerId: string, memberId: number): Promise<PartnerCard[]> {
  const { rows } = await db.query<PartnerCardRow>(
    `select pc.partner_card_id, pc.card_type, pc.last_four from partner_cards pc
     where pc.partner_id = $1 and pc.member_id = $2
       and not exists (select 1 from member_cards mc where mc.partner_id = pc.partner_id and mc.partner_card_id = pc.partner_card_id)
     order by pc.id`,
    [partnerId, memberId],
  );
  return rows.map(toPartnerCard);
}

/** One of the member's partner-loaded cards by its id, linked or not; undefined for anyone else's or an unknown id. */
export async function findPartnerCard(
  db: Queryable,
  partnerId: string,
  memberId: number,
  partnerCardId: string,
): Promise<PartnerCard | undefined> {
  const { rows } = await db.query<PartnerCardRow>(
    'select partner_card_id, card_type, last_four from partner_cards where partner_id = $1 and member_id = $2 and partner_card_id = $3',
    [partnerId, memberId, partnerCardId],
  );
  return rows[0] && toPartnerCard(rows[0]);
}

/**
 * Locks the member's row until the transaction ends and counts their linked cards: registrations of
 * one member running at once (on any instance) take turns, so together they never pass the maximum.
 */
export async function lockMemberCardCount(tx: Queryable, memberId: number): Promise<number> {
  await tx.query('select id from members where id = $1 for update', [memberId]);
  const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from member_cards where member_id = $1', [memberId]);
  return rows[0]?.n ?? 0;
}

export interface CardToLink {
  cardType: CardType;
  lastFour: string;
  fingerprint: string;
  partnerCardId: string | null;
}

/**
 * Links one checked card to the member. A card already linked (same fingerprint in the partner)
 * links nothing and says whose it is: `mine` (this member's) or `another` member's.
 */
export async function insertMemberCard(
  db: Queryable,
  memberId: number,
  partnerId: string,
  card: CardToLink,
): Promise<{ linked: MemberCard } | { alreadyLinkedBy: 'mine' | 'another' }> {
  const { rows } = await db.query<CardRow>(
    `insert into member_cards (member_id, partner_id, card_type, last_four, description, fingerprint, partner_card_id)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning *`,
    [memberId, partnerId, card.cardType, card.lastFour, CARD_NAMES[card.cardType], card.fingerprint, card.partnerCardId],
  );
  if (rows[0]) return { linked: toMemberCard(rows[0]) };
  const { rows: owner } = await db.query<{ member_id: number }>(
    'select member_id from member_cards where partner_id = $1 and fingerprint = $2',
    [partnerId, card.fingerprint],
  );
  return { alreadyLinkedBy: Number(owner[0]?.member_id) === memberId ? 'mine' : 'another' };
}

/** A member with a linked card is a card member (also a closed account re-enrolling). */
export async function markCardMember(db: Queryable, memberId: number): Promise<void> {
  await db.query("update members set member_type = 'EnrolledCardMember' where id = $1", [memberId]);
}
