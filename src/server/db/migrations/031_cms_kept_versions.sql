-- No edit is lost in a conflict (issue 22): when an editor's save is refused because someone changed
-- the entry since (409 stale), the refused fields are kept here, one per entry and editor, beside the
-- newer draft. The editor compares them field by field, takes theirs or their own per field, and
-- then discards the kept version; it survives a reload or a closed tab until then.
create table cms_kept_versions (
  partner_id text not null,
  grp text not null,
  slug text not null,
  kept_by text not null,
  fields jsonb not null,
  base_revision bigint not null,
  kept_at timestamptz not null default now(),
  primary key (partner_id, grp, slug, kept_by),
  foreign key (partner_id, grp, slug) references cms_entries on delete cascade
);
