-- The page editor (issue 15): optimistic concurrency and scheduled publishing.
--
-- revision counts every change of an entry (draft saved, published, rolled back, scheduled,
-- schedule cancelled, scheduled publish applied); a write naming an older revision is refused (409)
-- with the last change's kind, author and time, so nobody overwrites another editor's work unseen.
alter table cms_entries add column revision bigint not null default 0;
alter table cms_entries add column changed_at timestamptz;
alter table cms_entries add column changed_by text;
alter table cms_entries add column change_kind text
  check (change_kind in ('draft', 'publish', 'rollback', 'schedule', 'unschedule', 'scheduled-publish'));

-- At most one scheduled publish per entry: the draft as it was when scheduled, published by the
-- server's schedule job at scheduled_for (routes/cms-schedule.ts).
alter table cms_entries add column scheduled_for timestamptz;
alter table cms_entries add column scheduled_fields jsonb;
alter table cms_entries add column scheduled_by text;
alter table cms_entries add column scheduled_at timestamptz;
alter table cms_entries add constraint cms_entries_schedule_whole
  check ((scheduled_for is null) = (scheduled_fields is null) and (scheduled_for is null) = (scheduled_by is null));
create index cms_entries_due on cms_entries (scheduled_for) where scheduled_for is not null;
