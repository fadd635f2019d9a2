-- Secrets shared by every server instance (CSRF and session signing).
create table app_secrets (
  name text primary key,
  value text not null
);

create table members (
  id bigserial primary key,
  partner_id text not null,
  public_id text not null unique,
  email text not null,
  password_hash text,
  first_name text not null default '',
  last_name text not null default '',
  member_type text not null check (member_type in ('EnrolledCardMember', 'NonCardMember', 'ClosedAccountMember')),
  tier_level int not null default 1 check (tier_level between 0 and 3),
  has_web_profile boolean not null default true,
  active boolean not null default true,
  email_opt_in boolean not null default false,
  sms_opt_in boolean not null default false,
  phone_number text,
  partner_number text,
  address jsonb not null default '{}'::jsonb,
  enrollment_source text,
  join_date timestamptz not null default now(),
  family_id text,
  failed_sign_ins int not null default 0,
  locked_until timestamptz,
  created_at timestamptz not null default now()
);
create unique index members_partner_email on members (partner_id, lower(email));

create table sessions (
  id_hash text primary key,
  partner_id text not null,
  kind text not null check (kind in ('member', 'editor')),
  subject_id bigint not null,
  remember boolean not null default false,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_subject on sessions (kind, subject_id);

create table cms_editors (
  id bigserial primary key,
  partner_id text not null,
  email text not null,
  name text not null,
  password_hash text not null,
  unique (partner_id, email)
);

-- One row per CMS entry; the draft lives here, every published version in cms_versions.
create table cms_entries (
  partner_id text not null,
  grp text not null,
  slug text not null,
  name text not null,
  draft jsonb,
  draft_updated_at timestamptz,
  draft_updated_by text,
  primary key (partner_id, grp, slug)
);

create table cms_versions (
  partner_id text not null,
  grp text not null,
  slug text not null,
  version int not null,
  fields jsonb not null,
  published_at timestamptz not null default now(),
  published_by text not null,
  note text,
  primary key (partner_id, grp, slug, version),
  foreign key (partner_id, grp, slug) references cms_entries on delete cascade
);

create table merchants (
  id text primary key,
  name text not null,
  cuisines text[] not null,
  price_range int not null check (price_range between 0 and 4),
  rating numeric(2, 1) not null,
  rating_count int not null,
  highlight text,
  acclaimed_level int not null default 0,
  campaign_codes text[] not null default '{}',
  latitude double precision not null,
  longitude double precision not null,
  address1 text not null,
  city text not null,
  state text not null,
  zip_code text not null,
  neighborhood text,
  description text not null default '',
  features text[] not null default '{}',
  meals_served text[] not null default '{}',
  offer_type text not null default 'Unlimited',
  bonus_text text,
  offer_tag text,
  open_table_id text,
  is_new boolean not null default false,
  created_at timestamptz not null default now()
);
create index merchants_lat_lng on merchants (latitude, longitude);
