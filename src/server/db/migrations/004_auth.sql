-- Sign-in, enrolment, recovery, cards, captcha and single sign-on (issue 4).

-- Failed sign-ins per login key: `m:<member id>` for an existing account (so the email and the
-- partner number of one member share a counter) and `i:<normalised identifier>` for an unknown
-- one. Unknown identifiers lock exactly like real accounts, so a locked answer never tells
-- whether an account exists. Kept in the database so every server instance sees the same lock.
create table sign_in_failures (
  partner_id text not null,
  login_key text not null,
  failures int not null default 0,
  first_failed_at timestamptz not null,
  locked_until timestamptz,
  primary key (partner_id, login_key)
);

-- Sign-in by partner number looks members up by it.
create unique index members_partner_number on members (partner_id, partner_number) where partner_number is not null;

-- Email-only prospects (the home page form): a lead, not yet a member.
create table prospects (
  partner_id text not null,
  email text not null,
  created_at timestamptz not null default now(),
  primary key (partner_id, email)
);

-- Password reset tokens: only the SHA-256 of the token is stored; single use, 30 minutes.
create table password_resets (
  token_hash text primary key,
  member_id bigint not null references members (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_resets_member on password_resets (member_id);

-- Linked payment cards. The card number itself is never stored: only type, last four and an
-- HMAC fingerprint (to spot the same card twice).
create table member_cards (
  id bigserial primary key,
  member_id bigint not null references members (id) on delete cascade,
  partner_id text not null,
  card_type text not null check (card_type in ('visa', 'amex', 'mastercard', 'discover')),
  last_four text not null check (last_four ~ '^[0-9]{4}$'),
  description text not null,
  fingerprint text not null,
  partner_card_id text,
  created_at timestamptz not null default now()
);
create index member_cards_member on member_cards (member_id);
create unique index member_cards_partner_fingerprint on member_cards (partner_id, fingerprint);

-- Single-use markers: a captcha token or an sso assertion nonce is accepted once.
create table used_nonces (
  kind text not null check (kind in ('captcha', 'sso')),
  nonce text not null,
  expires_at timestamptz not null,
  primary key (kind, nonce)
);

-- The sso provider's own accounts (the partner's loyalty programme members). In production this
-- lives at the partner; the demo provider on the second origin keeps them here.
create table sso_accounts (
  partner_id text not null,
  email text not null,
  first_name text not null,
  last_name text not null,
  password_hash text not null,
  program_number text not null,
  primary key (partner_id, email)
);
