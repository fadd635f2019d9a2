-- The account centre (issue 14; spec 001 §2 "Account overview", "Recent activity", §3, §4, §7):
-- what the partner's rewards system reports about a member. In production these come from the
-- partner's ledger; here they are tables the seed fills (src/server/seed/account.ts).

-- Rewards activity: one row per transaction the ledger knows (spec 001 §3 "Transaction").
-- merchant_name is kept as it was when the member dined, so a merchant that has since left the
-- programme (no row in merchants) still reads right; activeMerchant is derived from that.
create table member_transactions (
  id bigserial primary key,
  partner_id text not null,
  member_id bigint not null references members (id) on delete cascade,
  source_transaction_id text not null check (length(source_transaction_id) between 1 and 64),
  merchant_id text not null,
  merchant_name text not null,
  transaction_date timestamptz not null,
  award_status text not null check (award_status in ('Pending', 'Paid', 'Forfeit', 'Deferred', 'Awarded')),
  -- M manual, J bonus adjustment, + corporate, A adjustment, B bonus, S settle.
  type_code text not null check (type_code in ('M', 'J', '+', 'A', 'B', 'S')),
  -- In the partner's currency: miles and points are whole numbers, dollars and credits have cents.
  benefit_amount numeric(12, 2) not null,
  -- The ticket; null for bonuses and adjustments, which have none.
  dine_amount numeric(12, 2),
  card_last_four text check (card_last_four ~ '^[0-9]{4}$'),
  paid_at timestamptz,
  unique (partner_id, source_transaction_id)
);
create index member_transactions_member on member_transactions (member_id, transaction_date desc, id desc);

-- Statement credits paid to a credit partner's member (spec 001 §3 "Statement credit"); status uses
-- the redemption states of spec 000 §3.
create table statement_credits (
  id bigserial primary key,
  partner_id text not null,
  member_id bigint not null references members (id) on delete cascade,
  credit_id text not null check (length(credit_id) between 1 and 64),
  credit_amount_cents int not null check (credit_amount_cents > 0),
  target_type text not null check (target_type in ('card', 'other')),
  target_label text not null,
  benefit_processor text not null,
  status text not null check (status in ('pending', 'pending_received', 'completed', 'rejected', 'error')),
  issued_at timestamptz not null,
  unique (partner_id, credit_id)
);
create index statement_credits_member on statement_credits (member_id, issued_at desc, id desc);

-- VIP qualification (spec 001 §3 Member.diningProgress). A member without a row is Building from zero.
create table dining_progress (
  member_id bigint primary key references members (id) on delete cascade,
  status text not null check (status in ('Building', 'QualifiedAndBuilding', 'Qualified')),
  dines int not null default 0 check (dines >= 0),
  dines_required int not null check (dines_required > 0),
  spend_cents bigint not null default 0 check (spend_cents >= 0),
  spend_required_cents bigint not null check (spend_required_cents > 0)
);

-- The partner's bonus catalogue (spec 001 §3 "Bonus"); the banner a bonus shows with is CMS content.
create table bonuses (
  partner_id text not null,
  code text not null check (code ~ '^[A-Za-z0-9_-]{1,40}$'),
  description text not null,
  is_new_member_bonus boolean not null default false,
  primary key (partner_id, code)
);

-- A bonus offered to a member: Eligible until activated, then Enrolled, Qualified once earned.
-- offered_at is the Bonus's createDateUtc, from which a banner's days_to_display counts.
create table member_bonuses (
  member_id bigint not null references members (id) on delete cascade,
  partner_id text not null,
  code text not null,
  status text not null check (status in ('Eligible', 'Enrolled', 'Qualified')),
  offered_at timestamptz not null,
  enrolled_at timestamptz,
  eligible_for_new_member_bonus boolean not null default false,
  primary key (member_id, code),
  foreign key (partner_id, code) references bonuses (partner_id, code) on delete cascade
);

-- Reviews a member has completed in the external survey (spec 001 §7 GET /api/reviews/status).
create table transaction_reviews (
  partner_id text not null,
  member_id bigint not null references members (id) on delete cascade,
  source_transaction_id text not null,
  completed_at timestamptz not null,
  primary key (partner_id, source_transaction_id)
);
