-- Impressions (spec 000 §3, §7): one row per record the browser posts to /api/Impressions.
-- The three fixed fields are columns; whatever else the caller sent stays in `fields`.
create table impressions (
  id bigserial primary key,
  partner_id text not null,
  channel text not null check (channel = 'web'),
  date_time timestamptz not null,
  user_agent text not null,
  fields jsonb not null default '{}'::jsonb,
  received_at timestamptz not null default now()
);
create index impressions_partner_time on impressions (partner_id, date_time);
