-- Impressions as daily counters (issue 11): one row per partner, day, event, page and block, so a
-- flood of identical records costs one row, not one per record. The raw per-record table of 005
-- grew without bound (one row per record, any caller fields); its rows carried nothing the product
-- reads, so it is dropped. `day` is the server's UTC date when the batch arrived (the browser's
-- clock is not trusted for retention). Rows older than IMPRESSION_RETENTION_DAYS are deleted by the
-- cleanup job (repos/impressions.ts).
drop table if exists impressions;
create table impression_counts (
  partner_id text not null,
  day date not null,
  event text not null,
  page text not null,
  block_id text not null,
  count bigint not null check (count > 0),
  primary key (partner_id, day, event, page, block_id)
);
-- The cleanup job deletes by day across partners.
create index impression_counts_day on impression_counts (day);
