// Account-centre demo data (README "Demo members"): transactions in every status and source code,
// statement credits for credit partners, VIP progress in every state, bonuses in every status, and
// reviews done and pending, for the demo members of each partner with enrolment. Deterministic:
// the same rows every time, dated relative to the moment of seeding (so "older than 35 days" and
// "within the last 12 months" stay true for a freshly seeded database).
import { DEFAULT_BONUS_AMOUNTS } from '#shared/partner.ts';
import type { Db } from '../db/index.ts';
import { loadPartner } from '../partners/registry.ts';
import { demoMembers } from './members.ts';
import { projectFile } from '../files.ts';

type Currency = 'Dollar' | 'Mile' | 'Point' | 'Credit';
type Status = 'Pending' | 'Paid' | 'Forfeit' | 'Deferred' | 'Awarded';
type Code = 'M' | 'J' | '+' | 'A' | 'B' | 'S';

interface TxnPlan {
  daysAgo: number;
  status: Status;
  code: Code;
  /** Ticket in dollars (dines only). */
  dine?: number;
  /** Index into the member's cards (dines only). */
  card?: number;
  /** Paid this many days after the transaction. */
  paidAfter?: number;
  /** The merchant has left the programme since (activeMerchant false). */
  goneMerchant?: boolean;
  /** The member has already reviewed it. */
  reviewed?: boolean;
}

// The full history (card2): 24 rows, 23 within the last 12 months (three pages of 10).
const FULL_HISTORY: TxnPlan[] = [
  { daysAgo: 2, status: 'Pending', code: 'S', dine: 64.2, card: 0 },
  { daysAgo: 5, status: 'Pending', code: 'S', dine: 38.75, card: 1 },
  { daysAgo: 8, status: 'Awarded', code: 'S', dine: 112.4, card: 0, reviewed: true },
  { daysAgo: 12, status: 'Deferred', code: 'S', dine: 45, card: 1 },
  { daysAgo: 15, status: 'Awarded', code: 'M', dine: 80, card: 0, reviewed: true },
  { daysAgo: 18, status: 'Awarded', code: 'B' },
  { daysAgo: 21, status: 'Forfeit', code: 'S', dine: 22.1, card: 0 },
  { daysAgo: 27, status: 'Paid', code: 'S', dine: 95.3, card: 1, paidAfter: 7 },
  { daysAgo: 33, status: 'Awarded', code: 'J' },
  { daysAgo: 40, status: 'Pending', code: 'S', dine: 57, card: 0 },
  { daysAgo: 45, status: 'Paid', code: 'S', dine: 71.85, card: 0, paidAfter: 8, goneMerchant: true },
  { daysAgo: 52, status: 'Awarded', code: '+' },
  { daysAgo: 60, status: 'Awarded', code: 'A' },
  { daysAgo: 75, status: 'Paid', code: 'S', dine: 143.6, card: 1, paidAfter: 9, reviewed: true },
  { daysAgo: 90, status: 'Paid', code: 'S', dine: 52.45, card: 0, paidAfter: 7 },
  { daysAgo: 110, status: 'Forfeit', code: 'S', dine: 18.9, card: 1 },
  { daysAgo: 130, status: 'Paid', code: 'M', dine: 66, card: 0, paidAfter: 10 },
  { daysAgo: 150, status: 'Paid', code: 'S', dine: 89.15, card: 0, paidAfter: 7 },
  { daysAgo: 180, status: 'Paid', code: 'S', dine: 41.3, card: 1, paidAfter: 8 },
  { daysAgo: 210, status: 'Paid', code: 'S', dine: 120.75, card: 0, paidAfter: 7 },
  { daysAgo: 240, status: 'Paid', code: 'B', paidAfter: 5 },
  { daysAgo: 280, status: 'Paid', code: 'S', dine: 77.2, card: 1, paidAfter: 9 },
  { daysAgo: 330, status: 'Paid', code: 'S', dine: 98.4, card: 0, paidAfter: 7 },
  // Older than 12 months: kept by the ledger, never listed.
  { daysAgo: 400, status: 'Paid', code: 'S', dine: 61.1, card: 0, paidAfter: 8 },
];

// A new-ish member's few rows (card0): one of each visible outcome.
const SHORT_HISTORY: TxnPlan[] = [
  { daysAgo: 3, status: 'Pending', code: 'S', dine: 42.5, card: 0 },
  { daysAgo: 11, status: 'Awarded', code: 'S', dine: 58.1, card: 0 },
  { daysAgo: 26, status: 'Forfeit', code: 'S', dine: 15.75, card: 0 },
];

// The VIP members: a steady diner's recent months.
const VIP_HISTORY: TxnPlan[] = [
  { daysAgo: 1, status: 'Pending', code: 'S', dine: 186.4, card: 0 },
  { daysAgo: 6, status: 'Awarded', code: 'S', dine: 92.3, card: 0, reviewed: true },
  { daysAgo: 9, status: 'Awarded', code: 'B' },
  { daysAgo: 14, status: 'Deferred', code: 'S', dine: 64, card: 0 },
  { daysAgo: 24, status: 'Paid', code: 'S', dine: 131.55, card: 0, paidAfter: 7 },
  { daysAgo: 38, status: 'Paid', code: 'S', dine: 77.9, card: 0, paidAfter: 8 },
  { daysAgo: 55, status: 'Paid', code: 'M', dine: 104, card: 0, paidAfter: 9 },
  { daysAgo: 70, status: 'Paid', code: 'S', dine: 58.25, card: 0, paidAfter: 7 },
];

/** Earn per dollar by tier (0-2 share the opted-in rate below tier 2), matching each partner's copy. */
function dineBenefit(currency: Currency, tier: number, dine: number): number {
  switch (currency) {
    case 'Mile':
      return Math.round(dine * (tier >= 3 ? 5 : tier >= 2 ? 3 : 0.5));
    case 'Point':
      return Math.round(dine * (tier >= 3 ? 8 : tier >= 2 ? 4 : 2));
    case 'Dollar':
      return Math.round(dine * (tier >= 3 ? 10 : tier >= 2 ? 5 : 2)) / 100;
    case 'Credit':
      // A fixed statement credit per qualifying dine.
      return tier >= 3 ? 10 : 5;
  }
}

/** Bonuses and adjustments, by source code. */
function otherBenefit(currency: Currency, code: Exclude<Code, 'S' | 'M'>): number {
  const whole = { B: 500, J: 250, '+': 1000, A: 100 }[code];
  if (currency === 'Mile') return whole;
  if (currency === 'Point') return whole * 2;
  // Dollars: kept small so a credit member's unpaid balance stays under the $20 payout.
  return { B: 2, J: 1, '+': 3, A: 0.5 }[code];
}

interface BonusPlan {
  code: string;
  description: (reward: (whole: number, dollars: number) => string, currencyName: string, newMemberBonus: number) => string;
  newMember?: boolean;
}

/**
 * A bonus amount in the partner's currency: whole miles or points, or dollars of cash back or of
 * a statement credit (so a credit member is not promised "1,000 bonus statement credits").
 */
function bonusReward(currency: Currency, currencyName: string): (whole: number, dollars: number) => string {
  return (whole, dollars) => {
    const amount = `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
    if (currency === 'Credit') return `a ${amount} bonus statement credit`;
    if (currency === 'Dollar') return `${amount} bonus ${currencyName}`;
    return `${whole.toLocaleString('en-US')} bonus ${currencyName}`;
  };
}

// The catalogue, the same codes for every partner (CMS bonus banners are keyed by code).
const BONUSES: BonusPlan[] = [
  // The new-member bonus is the partner setting bonusAmounts.newMember, the amount every page shows.
  {
    code: 'welcome-bonus',
    description: (r, _name, amount) => `Earn ${r(amount, amount)} on your first dine within 30 days of joining.`,
    newMember: true,
  },
  { code: 'dine-3-times', description: (r) => `Dine 3 times this month and earn ${r(500, 5)}.` },
  { code: 'weeknight-double', description: (_r, name) => `Double ${name} when you dine Monday to Wednesday.` },
  { code: 'app-order', description: (r) => `Order ahead in our app and earn ${r(300, 3)}.` },
  { code: 'spring-dining', description: (r) => `Spring into dining: ${r(250, 2.5)} for your first spring dine.` },
];

interface MemberBonusPlan {
  code: string;
  status: 'Eligible' | 'Enrolled' | 'Qualified';
  offeredDaysAgo: number;
  nmbEligible?: boolean;
}

interface ProgressPlan {
  status: 'Building' | 'QualifiedAndBuilding' | 'Qualified';
  dines: number;
  spendCents: number;
}

interface AccountPlan {
  history: TxnPlan[];
  progress?: ProgressPlan;
  bonuses: MemberBonusPlan[];
}

const DINES_REQUIRED = 11;
const SPEND_REQUIRED_CENTS = 250_000;

// Who shows what (README "Demo members").
const PLANS: Record<string, AccountPlan> = {
  card0: {
    history: SHORT_HISTORY,
    progress: { status: 'Building', dines: 1, spendCents: 5810 },
    bonuses: [
      { code: 'welcome-bonus', status: 'Eligible', offeredDaysAgo: 4, nmbEligible: true },
      { code: 'dine-3-times', status: 'Eligible', offeredDaysAgo: 2 },
      { code: 'app-order', status: 'Eligible', offeredDaysAgo: 6 },
    ],
  },
  card2: {
    history: FULL_HISTORY,
    progress: { status: 'Building', dines: 8, spendCents: 184_735 },
    bonuses: [
      { code: 'dine-3-times', status: 'Eligible', offeredDaysAgo: 2 },
      { code: 'app-order', status: 'Eligible', offeredDaysAgo: 6 },
      // Offered long ago: its banner's days_to_display (30) has run out.
      { code: 'spring-dining', status: 'Eligible', offeredDaysAgo: 60 },
      { code: 'weeknight-double', status: 'Enrolled', offeredDaysAgo: 20 },
      { code: 'welcome-bonus', status: 'Qualified', offeredDaysAgo: 200 },
    ],
  },
  vip: {
    history: VIP_HISTORY,
    progress: { status: 'Qualified', dines: 14, spendCents: 312_540 },
    bonuses: [
      { code: 'dine-3-times', status: 'Enrolled', offeredDaysAgo: 3 },
      { code: 'weeknight-double', status: 'Qualified', offeredDaysAgo: 25 },
    ],
  },
  renewing: {
    history: VIP_HISTORY.slice(0, 5),
    progress: { status: 'QualifiedAndBuilding', dines: 4, spendCents: 51_240 },
    bonuses: [{ code: 'dine-3-times', status: 'Eligible', offeredDaysAgo: 1 }],
  },
};

// Statement credits of a credit partner's member (spec 000 §3 redemption states, one of each).
const CREDITS: Array<{ daysAgo: number; cents: number; status: string; target: 'card' | 'other'; processor: string }> = [
  { daysAgo: 3, cents: 2000, status: 'pending', target: 'card', processor: 'Visa' },
  { daysAgo: 20, cents: 2000, status: 'pending_received', target: 'card', processor: 'MasterCard' },
  { daysAgo: 50, cents: 2000, status: 'completed', target: 'card', processor: 'Visa' },
  { daysAgo: 100, cents: 2500, status: 'rejected', target: 'other', processor: 'Tremendous' },
  { daysAgo: 140, cents: 2000, status: 'error', target: 'card', processor: 'Visa' },
];

const CARD_NAMES = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' } as const;

// Demo merchants that have since left the programme: not in the merchants table.
const GONE_MERCHANT = { id: 'closed-1', name: 'The Old Corner Bistro' };

const DEFAULT_PARTNERS_DIR = projectFile('partners/').pathname;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedAccount(db: Db, partnerIds: string[], now = new Date(), partnersDir = DEFAULT_PARTNERS_DIR): Promise<void> {
  const partners = partnerIds
    .map((id) => ({ id, config: loadPartner(partnersDir, id).bundle?.config }))
    .filter((p) => p.config && p.config.enrollmentType !== 'none');
  if (partners.length === 0) return;
  const { rows: merchants } = await db.query<{ id: string; name: string }>('select id, name from merchants order by id limit 40');
  const ago = (days: number, hour = 19) => new Date(now.getTime() - days * DAY_MS - (hour % 5) * 3600_000).toISOString();

  const bonuses: object[] = [];
  const txns: object[] = [];
  const credits: object[] = [];
  const progress: object[] = [];
  const memberBonuses: object[] = [];
  const reviews: object[] = [];

  for (const { id: partnerId, config } of partners) {
    const currency = config!.currencyType as Currency;
    for (const b of BONUSES) {
      bonuses.push({
        partner_id: partnerId,
        code: b.code,
        description: b.description(
          bonusReward(currency, config!.currencyName ?? 'miles'),
          config!.currencyName ?? 'miles',
          config!.bonusAmounts?.newMember ?? DEFAULT_BONUS_AMOUNTS.newMember,
        ),
        is_new_member_bonus: b.newMember ?? false,
      });
    }
    const members = demoMembers(partnerId, config!.enrollmentType === 'direct', config!.hasPartnerLoadedCards);
    for (const member of members) {
      const plan = PLANS[member.key];
      if (!plan) continue;
      plan.history.forEach((t, i) => {
        const merchant = t.goneMerchant
          ? GONE_MERCHANT
          : (merchants[(i * 7 + member.key.length) % Math.max(merchants.length, 1)] ?? GONE_MERCHANT);
        const sourceId = `${partnerId}-${member.key}-${String(i + 1).padStart(3, '0')}`;
        const benefit =
          t.code === 'S' || t.code === 'M' ? dineBenefit(currency, member.tierLevel, t.dine ?? 0) : otherBenefit(currency, t.code);
        const card = t.card !== undefined ? member.cards[t.card % Math.max(member.cards.length, 1)] : undefined;
        txns.push({
          partner_id: partnerId,
          public_id: member.publicId,
          source_transaction_id: sourceId,
          merchant_id: merchant.id,
          merchant_name: merchant.name,
          transaction_date: ago(t.daysAgo, i),
          award_status: t.status,
          type_code: t.code,
          benefit_amount: benefit,
          dine_amount: t.dine ?? null,
          card_last_four: card?.lastFour ?? null,
          paid_at: t.paidAfter !== undefined ? ago(t.daysAgo - t.paidAfter, i) : null,
        });
        if (t.reviewed) {
          reviews.push({
            partner_id: partnerId,
            public_id: member.publicId,
            source_transaction_id: sourceId,
            completed_at: ago(Math.max(t.daysAgo - 1, 0), i),
          });
        }
      });
      if (currency === 'Credit' && member.key === 'card2') {
        CREDITS.forEach((c, i) => {
          const card = member.cards[i % Math.max(member.cards.length, 1)];
          credits.push({
            partner_id: partnerId,
            public_id: member.publicId,
            credit_id: `${partnerId}-${member.key}-c${String(i + 1).padStart(3, '0')}`,
            credit_amount_cents: c.cents,
            target_type: c.target,
            target_label:
              c.target === 'card' && card ? `${CARD_NAMES[card.cardType]} ending in ${card.lastFour}` : 'Digital gift card by email',
            benefit_processor: c.processor,
            status: c.status,
            issued_at: ago(c.daysAgo, i),
          });
        });
      }
      if (plan.progress) {
        progress.push({
          public_id: member.publicId,
          status: plan.progress.status,
          dines: plan.progress.dines,
          dines_required: DINES_REQUIRED,
          spend_cents: plan.progress.spendCents,
          spend_required_cents: SPEND_REQUIRED_CENTS,
        });
      }
      for (const b of plan.bonuses) {
        memberBonuses.push({
          partner_id: partnerId,
          public_id: member.publicId,
          code: b.code,
          status: b.status,
          offered_at: ago(b.offeredDaysAgo),
          enrolled_at: b.status === 'Eligible' ? null : ago(Math.max(b.offeredDaysAgo - 1, 0)),
          eligible_for_new_member_bonus: b.nmbEligible ?? false,
        });
      }
    }
  }

  // Each insert joins on (partner, public id), so members missing from the database are skipped.
  await db.query(
    `insert into bonuses (partner_id, code, description, is_new_member_bonus)
     select * from jsonb_to_recordset($1::jsonb) as x(partner_id text, code text, description text, is_new_member_bonus boolean)
     on conflict do nothing`,
    [JSON.stringify(bonuses)],
  );
  await db.query(
    `insert into member_transactions (partner_id, member_id, source_transaction_id, merchant_id, merchant_name, transaction_date,
       award_status, type_code, benefit_amount, dine_amount, card_last_four, paid_at)
     select x.partner_id, m.id, x.source_transaction_id, x.merchant_id, x.merchant_name, x.transaction_date, x.award_status,
       x.type_code, x.benefit_amount, x.dine_amount, x.card_last_four, x.paid_at
     from jsonb_to_recordset($1::jsonb) as x(partner_id text, public_id text, source_transaction_id text, merchant_id text,
       merchant_name text, transaction_date timestamptz, award_status text, type_code text, benefit_amount numeric,
       dine_amount numeric, card_last_four text, paid_at timestamptz)
     join members m on m.partner_id = x.partner_id and m.public_id = x.public_id
     on conflict do nothing`,
    [JSON.stringify(txns)],
  );
  await db.query(
    `insert into statement_credits (partner_id, member_id, credit_id, credit_amount_cents, target_type, target_label,
       benefit_processor, status, issued_at)
     select x.partner_id, m.id, x.credit_id, x.credit_amount_cents, x.target_type, x.target_label, x.benefit_processor,
       x.status, x.issued_at
     from jsonb_to_recordset($1::jsonb) as x(partner_id text, public_id text, credit_id text, credit_amount_cents int,
       target_type text, target_label text, benefit_processor text, status text, issued_at timestamptz)
     join members m on m.partner_id = x.partner_id and m.public_id = x.public_id
     on conflict do nothing`,
    [JSON.stringify(credits)],
  );
  await db.query(
    `insert into dining_progress (member_id, status, dines, dines_required, spend_cents, spend_required_cents)
     select m.id, x.status, x.dines, x.dines_required, x.spend_cents, x.spend_required_cents
     from jsonb_to_recordset($1::jsonb) as x(public_id text, status text, dines int, dines_required int, spend_cents bigint,
       spend_required_cents bigint)
     join members m on m.public_id = x.public_id
     on conflict do nothing`,
    [JSON.stringify(progress)],
  );
  await db.query(
    `insert into member_bonuses (member_id, partner_id, code, status, offered_at, enrolled_at, eligible_for_new_member_bonus)
     select m.id, x.partner_id, x.code, x.status, x.offered_at, x.enrolled_at, x.eligible_for_new_member_bonus
     from jsonb_to_recordset($1::jsonb) as x(partner_id text, public_id text, code text, status text, offered_at timestamptz,
       enrolled_at timestamptz, eligible_for_new_member_bonus boolean)
     join members m on m.partner_id = x.partner_id and m.public_id = x.public_id
     on conflict do nothing`,
    [JSON.stringify(memberBonuses)],
  );
  await db.query(
    `insert into transaction_reviews (partner_id, member_id, source_transaction_id, completed_at)
     select x.partner_id, m.id, x.source_transaction_id, x.completed_at
     from jsonb_to_recordset($1::jsonb) as x(partner_id text, public_id text, source_transaction_id text, completed_at timestamptz)
     join members m on m.partner_id = x.partner_id and m.public_id = x.public_id
     on conflict do nothing`,
    [JSON.stringify(reviews)],
  );
}
