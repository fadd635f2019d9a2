-- Merchant detail (spec 001 §2 "Merchant detail", §3 Merchant/offer): what the detail page shows
-- beyond the search card. One row per merchant; structured parts (hours, menu, events, offer terms,
-- ordering) are JSON documents validated by the API's response schema. A null column means the
-- merchant has none and the page leaves that section out.
create table merchant_details (
  merchant_id text primary key references merchants (id) on delete cascade,
  phone text,
  website text,
  -- [{day: 0-6 (Sunday first), open: "HH:MM", close: "HH:MM"}]; a day with no entry is closed.
  hours jsonb,
  -- number of gallery photos generated at /media/merchants/<id>/<variant>.svg
  photo_count int not null default 1 check (photo_count between 0 and 12),
  -- {images: [url]} or {url}
  menu jsonb,
  -- [{id, title, date, time, description}]
  events jsonb not null default '[]',
  -- {0: {earnRate, bonusText}, 2: ..., 3: ...} with shared terms below
  offer_terms jsonb not null,
  -- {internal: bool, externalUrl: string|null, providers: [{name, url}]} or null when no ordering
  ordering jsonb,
  -- reservation limits for the booking provider
  min_party int not null default 1,
  max_party int not null default 10,
  -- counts of 1..5-star ratings (summing to merchants.rating_count)
  rating_distribution int[] not null default '{0,0,0,0,0}'
);

-- Reviews, paged on the detail page with a rating distribution.
create table merchant_reviews (
  merchant_id text not null references merchants (id) on delete cascade,
  seq int not null,
  author text not null,
  rating int not null check (rating between 1 and 5),
  reviewed_on date not null,
  body text not null,
  primary key (merchant_id, seq)
);

-- Table bookings made through the local booking provider (spec 001 §4-5, §8).
create table reservations (
  id bigserial primary key,
  partner_id text not null,
  member_id bigint not null references members (id) on delete cascade,
  merchant_id text not null references merchants (id) on delete cascade,
  starts_at timestamptz not null,
  party_size int not null check (party_size between 1 and 20),
  confirmation text not null unique,
  created_at timestamptz not null default now()
);
create index reservations_member on reservations (member_id, starts_at);
