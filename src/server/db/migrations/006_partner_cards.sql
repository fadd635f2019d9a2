-- Partner-loaded cards (spec 001 §2 "Manage cards", §3 "Partner card", §7 GET /api/Cards/AllPartnerCards):
-- cards a partner already holds for a member, which the member may link by ticking them instead of
-- typing the number. Only what the checklist shows is kept (type and last four); the number stays
-- with the partner. partner_card_id is the partner's own id for the card, unique within the partner.
create table partner_cards (
  id bigserial primary key,
  partner_id text not null,
  member_id bigint not null references members (id) on delete cascade,
  partner_card_id text not null check (length(partner_card_id) between 1 and 64),
  card_type text not null check (card_type in ('visa', 'amex', 'mastercard', 'discover')),
  last_four text not null check (last_four ~ '^[0-9]{4}$'),
  created_at timestamptz not null default now(),
  unique (partner_id, partner_card_id)
);
create index partner_cards_member on partner_cards (partner_id, member_id);

-- A partner card is linked at most once (member_cards.partner_card_id exists since 004). The link's
-- fingerprint is derived from the id as well, so the registration's existing
-- "on conflict (partner_id, fingerprint)" already reports a second link as a duplicate; this index
-- keeps the rule true whatever writes the row.
create unique index member_cards_partner_card on member_cards (partner_id, partner_card_id) where partner_card_id is not null;
