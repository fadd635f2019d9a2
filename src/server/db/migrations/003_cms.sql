-- Failed CMS editor sign-ins, kept in the database so every server instance throttles alike
-- (10 failures per partner and email within 15 minutes answer 429).
create table cms_editor_login_failures (
  partner_id text not null,
  email text not null,
  failed_at timestamptz not null default now()
);
create index cms_editor_login_failures_key on cms_editor_login_failures (partner_id, email, failed_at);
