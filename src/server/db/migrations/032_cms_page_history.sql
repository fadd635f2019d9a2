-- One draft and one publish per page (issue 22): a page (the home or discover layout) and the CMS
-- entries its blocks show are published, scheduled and rolled back together, in one transaction, and
-- recorded as one history item. changes: the versions it made, [{grp, slug, name, from, to}];
-- snapshot: what the page showed right after, [{grp, slug, version}] for the layout and every entry
-- it referenced, which a rollback restores.
create table cms_page_history (
  id bigserial primary key,
  partner_id text not null,
  page text not null check (page in ('home', 'discover')),
  kind text not null check (kind in ('publish', 'rollback', 'scheduled-publish')),
  by_editor text not null,
  at timestamptz not null default now(),
  note text,
  changes jsonb not null,
  snapshot jsonb not null
);
create index cms_page_history_page on cms_page_history (partner_id, page, id desc);

-- A page scheduled as a whole: its layout's and entries' schedules share one batch, applied together.
alter table cms_entries add column scheduled_batch text;
