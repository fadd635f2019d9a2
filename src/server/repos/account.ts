// The account centre's reads and writes (spec 001 §3, §4, §7): rewards activity, statement
// credits, dine summary, VIP progress, bonuses and review status. Amounts travel as numbers:
// miles and points whole, dollars with cents.
import type { ActivityEntry, Bonus, DineSummary, DiningProgress, Member, StatementCredit, Transaction } from '#shared/generated/types.ts';
import type { Db, Queryable } from '../db/index.ts';

/** Recent activity covers the last 12 months (spec 001 §9). */
export const ACTIVITY_WINDOW_DAYS = 365;
/** VIP progress of a member the ledger has no row for. */
export const DEFAULT_DINES_REQUIRED = 11;
export const DEFAULT_SPEND_REQUIRED_CENTS = 250_000;

const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (value: string | Date): string => new Date(value).toISOString();
const yearStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
const windowStart = (now: Date): Date => new Date(now.getTime() - ACTIVITY_WINDOW_DAYS * DAY_MS);

interface TransactionRow {
  source_transaction_id: string;
  merchant_id: string;
  merchant_name: string;
  transaction_date: string | Date;
  award_status: Transaction['transactionStatus'];
  type_code: Transaction['transactionTypeCode'];
  benefit_amount: string | number;
  dine_amount: string | number | null;
  card_last_four: string | null;
  paid_at: string | Date | null;
  active_merchant: boolean;
}

function toTransaction(row: TransactionRow): Transaction {
  const t: Transaction = {
    sourceTransactionId: row.source_transaction_id,
    merchantId: row.merchant_id,
    merchantName: row.merchant_name,
    date: iso(row.transaction_date),
    transactionStatus: row.award_status,
    transactionTypeCode: row.type_code,
    benefitAmount: Number(row.benefit_amount),
    activeMerchant: row.active_merchant,
  };
  if (row.dine_amount !== null) t.dineAmount = Number(row.dine_amount);
  if (row.card_last_four) t.cardLastFour = row.card_last_four;
  if (row.paid_at) t.paidAt = iso(row.paid_at);
  return t;
}

interface CreditRow {
  credit_id: string;
  credit_amount_cents: number;
  target_type: StatementCredit['targetType'];
  target_label: string;
  benefit_processor: string;
  status: StatementCredit['status'];
  issued_at: string | Date;
}

function toCredit(row: CreditRow): StatementCredit {
  return {
    creditId: row.credit_id,
    creditAmountCents: Number(row.credit_amount_cents),
    targetType: row.target_type,
    targetLabel: row.target_label,
    benefitProcessor: row.benefit_processor,
    status: row.status,
    date: iso(row.issued_at),
  };
}

export interface Paging {
  pageNo: number;
  resultsPerPage: number;
}

export interface Page<T> {
  data: T[];
  totalResultSize: number;
  totalPages: number;
}

const TRANSACTION_COLUMNS = `t.source_transaction_id, t.merchant_id, t.merchant_name, t.transaction_date, t.award_status, t.type_code,
  t.benefit_amount, t.dine_amount, t.card_last_four, t.paid_at,
  exists (select 1 from merchants m where m.id = t.merchant_id) as active_merchant`;

/** The member's transactions of the last 12 months, newest first; a page past the end is empty. */
export async function transactionsPage(db: Queryable, memberId: number, paging: Paging, now: Date): Promise<Page<Transaction>> {
  const from = windowStart(now).toISOString();
  const { rows: count } = await db.query<{ n: number }>(
    'select count(*)::int as n from member_transactions where member_id = $1 and transaction_date > $2 and transaction_date <= $3',
    [memberId, from, now.toISOString()],
  );
  const total = Number(count[0]?.n ?? 0);
  const { rows } = await db.query<TransactionRow>(
    `select ${TRANSACTION_COLUMNS} from member_transactions t
     where t.member_id = $1 and t.transaction_date > $2 and t.transaction_date <= $3
     order by t.transaction_date desc, t.id desc limit $4 offset $5`,
    [memberId, from, now.toISOString(), paging.resultsPerPage, (paging.pageNo - 1) * paging.resultsPerPage],
  );
  return { data: rows.map(toTransaction), totalResultSize: total, totalPages: Math.ceil(total / paging.resultsPerPage) };
}

/**
 * Transactions and statement credits of the last 12 months in one list, newest first (credit
 * partners). One query pages the union, so a page never splits differently from the count.
 */
export async function activityPage(db: Queryable, memberId: number, paging: Paging, now: Date): Promise<Page<ActivityEntry>> {
  const params = [memberId, windowStart(now).toISOString(), now.toISOString()];
  const { rows: count } = await db.query<{ n: number }>(
    `select (select count(*) from member_transactions where member_id = $1 and transaction_date > $2 and transaction_date <= $3)
          + (select count(*) from statement_credits where member_id = $1 and issued_at > $2 and issued_at <= $3) as n`,
    params,
  );
  const total = Number(count[0]?.n ?? 0);
  const { rows: keys } = await db.query<{ kind: 'transaction' | 'credit'; id: number }>(
    `select kind, id from (
       select 'transaction' as kind, id, transaction_date as at from member_transactions
         where member_id = $1 and transaction_date > $2 and transaction_date <= $3
       union all
       select 'credit' as kind, id, issued_at as at from statement_credits
         where member_id = $1 and issued_at > $2 and issued_at <= $3
     ) entries order by at desc, kind, id desc limit $4 offset $5`,
    [...params, paging.resultsPerPage, (paging.pageNo - 1) * paging.resultsPerPage],
  );
  const txnIds = keys.filter((k) => k.kind === 'transaction').map((k) => Number(k.id));
  const creditIds = keys.filter((k) => k.kind === 'credit').map((k) => Number(k.id));
  const txns = new Map<number, Transaction>();
  if (txnIds.length) {
    const { rows } = await db.query<TransactionRow & { id: number }>(
      `select t.id, ${TRANSACTION_COLUMNS} from member_transactions t where t.id = any($1::bigint[])`,
      [txnIds],
    );
    for (const row of rows) txns.set(Number(row.id), toTransaction(row));
  }
  const credits = new Map<number, StatementCredit>();
  if (creditIds.length) {
    const { rows } = await db.query<CreditRow & { id: number }>('select * from statement_credits where id = any($1::bigint[])', [
      creditIds,
    ]);
    for (const row of rows) credits.set(Number(row.id), toCredit(row));
  }
  const data: ActivityEntry[] = [];
  for (const key of keys) {
    const id = Number(key.id);
    const transaction = txns.get(id);
    const credit = credits.get(id);
    if (key.kind === 'transaction' && transaction) data.push({ type: 'transaction', transaction });
    else if (key.kind === 'credit' && credit) data.push({ type: 'credit', credit });
  }
  return { data, totalResultSize: total, totalPages: Math.ceil(total / paging.resultsPerPage) };
}

/**
 * This calendar year (UTC): benefits of Awarded and Paid transactions, and dines — settled and
 * manual transactions that were not forfeited.
 */
export async function dineSummary(db: Queryable, memberId: number, now: Date): Promise<DineSummary> {
  const { rows } = await db.query<{ benefits: string | null; dines: number }>(
    `select coalesce(sum(benefit_amount) filter (where award_status in ('Awarded', 'Paid')), 0) as benefits,
            (count(*) filter (where type_code in ('S', 'M') and award_status <> 'Forfeit'))::int as dines
     from member_transactions where member_id = $1 and transaction_date >= $2 and transaction_date <= $3`,
    [memberId, yearStart(now).toISOString(), now.toISOString()],
  );
  return { currentYearBenefits: Number(rows[0]?.benefits ?? 0), currentYearDines: Number(rows[0]?.dines ?? 0) };
}

/** Dollars earned (Awarded) and not yet paid out as a statement credit (Paid). */
export async function creditBalance(db: Queryable, memberId: number): Promise<number> {
  const { rows } = await db.query<{ balance: string | null }>(
    "select coalesce(sum(benefit_amount), 0) as balance from member_transactions where member_id = $1 and award_status = 'Awarded'",
    [memberId],
  );
  return Math.max(0, Number(rows[0]?.balance ?? 0));
}

export async function diningProgress(db: Queryable, memberId: number, now: Date): Promise<DiningProgress> {
  const { rows } = await db.query<{
    status: DiningProgress['status'];
    dines: number;
    dines_required: number;
    spend_cents: string | number;
    spend_required_cents: string | number;
  }>('select status, dines, dines_required, spend_cents, spend_required_cents from dining_progress where member_id = $1', [memberId]);
  const row = rows[0] ?? {
    status: 'Building' as const,
    dines: 0,
    dines_required: DEFAULT_DINES_REQUIRED,
    spend_cents: 0,
    spend_required_cents: DEFAULT_SPEND_REQUIRED_CENTS,
  };
  const spend = Number(row.spend_cents);
  const required = Number(row.spend_required_cents);
  const { currentYearBenefits } = await dineSummary(db, memberId, now);
  return {
    status: row.status,
    remainingDines: Math.max(0, row.dines_required - row.dines),
    dinesRequired: row.dines_required,
    remainingDollars: Math.max(0, required - spend) / 100,
    dollarsRequired: required / 100,
    ytdMilesOrDollars: currentYearBenefits,
  };
}

interface BonusRow {
  code: string;
  status: Bonus['bonusStatus'];
  offered_at: string | Date;
  description: string;
  is_new_member_bonus: boolean;
  eligible_for_new_member_bonus: boolean;
}

const toBonus = (row: BonusRow): Bonus => ({
  code: row.code,
  bonusStatus: row.status,
  createDateUtc: iso(row.offered_at),
  description: row.description,
  isNewMemberBonus: row.is_new_member_bonus,
  memberIsEligibleForNMB: row.eligible_for_new_member_bonus,
});

const BONUS_SELECT = `select mb.code, mb.status, mb.offered_at, b.description, b.is_new_member_bonus, mb.eligible_for_new_member_bonus
  from member_bonuses mb join bonuses b on b.partner_id = mb.partner_id and b.code = mb.code`;

/** Every bonus offered to the member, newest offer first. */
export async function memberBonuses(db: Queryable, memberId: number): Promise<Bonus[]> {
  const { rows } = await db.query<BonusRow>(`${BONUS_SELECT} where mb.member_id = $1 order by mb.offered_at desc, mb.code`, [memberId]);
  return rows.map(toBonus);
}

/**
 * Activates an offered bonus: Eligible becomes Enrolled; Enrolled and Qualified stay as they are
 * (a second click, or another tab, changes nothing). Null when the member was not offered it.
 */
export async function activateBonus(db: Queryable, memberId: number, code: string, now: Date): Promise<Bonus | null> {
  await db.query(
    "update member_bonuses set status = 'Enrolled', enrolled_at = $3 where member_id = $1 and code = $2 and status = 'Eligible'",
    [memberId, code, now.toISOString()],
  );
  const { rows } = await db.query<BonusRow>(`${BONUS_SELECT} where mb.member_id = $1 and mb.code = $2`, [memberId, code]);
  return rows[0] ? toBonus(rows[0]) : null;
}

/** {id, completed} per asked id, in the order asked (repeats answered once). */
export async function reviewStatuses(
  db: Queryable,
  partnerId: string,
  memberId: number,
  ids: readonly string[],
): Promise<Array<{ id: string; completed: boolean }>> {
  const unique = [...new Set(ids)];
  const { rows } = await db.query<{ source_transaction_id: string }>(
    'select source_transaction_id from transaction_reviews where partner_id = $1 and member_id = $2 and source_transaction_id = any($3::text[])',
    [partnerId, memberId, unique],
  );
  const done = new Set(rows.map((r) => r.source_transaction_id));
  return unique.map((id) => ({ id, completed: done.has(id) }));
}

/** The member answer with the account centre's fields (GET and PUT /api/Member). */
export async function withAccountFields(db: Queryable, member: Member, memberId: number, now: Date): Promise<Member> {
  const [progress, bonuses] = await Promise.all([diningProgress(db, memberId, now), memberBonuses(db, memberId)]);
  return { ...member, diningProgress: progress, activeBonuses: bonuses };
}

export interface CardDeletion {
  /** False when the member has no card with that id. */
  found: boolean;
  accountClosed: boolean;
}

/**
 * Deletes one of the member's cards. The last card of a card member closes the account (spec 001
 * §4): the member becomes a ClosedAccountMember and every session of theirs ends, so the next
 * sign-in leads to re-enrolment. The member row is locked first, so two deletes at once cannot
 * both miss that one of them removed the last card.
 */
export async function deleteMemberCard(db: Db, memberId: number, cardId: string): Promise<CardDeletion> {
  return db.transaction(async (tx) => {
    await tx.query('select id from members where id = $1 for update', [memberId]);
    const { rows } = await tx.query<{ id: number }>('delete from member_cards where id = $1 and member_id = $2 returning id', [
      cardId,
      memberId,
    ]);
    if (!rows[0]) return { found: false, accountClosed: false };
    const { rows: left } = await tx.query<{ n: number }>('select count(*)::int as n from member_cards where member_id = $1', [memberId]);
    if (Number(left[0]?.n ?? 0) > 0) return { found: true, accountClosed: false };
    await tx.query("update members set member_type = 'ClosedAccountMember' where id = $1", [memberId]);
    await tx.query("delete from sessions where kind = 'member' and subject_id = $1", [memberId]);
    return { found: true, accountClosed: true };
  });
}
