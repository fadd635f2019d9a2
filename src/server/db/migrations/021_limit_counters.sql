-- Counters of the limits a stranger can run into (issue 21): per-route rate limits and the
-- per-address and per-account rations of password work, shared by every instance on one PostgreSQL
-- (src/server/limits.ts; the embedded database keeps them in memory instead). One row per key and
-- fixed window; rows whose window is over are deleted by a minute's cleanup.
create table limit_counters (
  key text primary key,
  count int not null,
  reset_at timestamptz not null
);
create index limit_counters_reset_at on limit_counters (reset_at);
