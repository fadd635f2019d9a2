-- Per-block views and clicks by member state (issue 22): the page editor's outline shows how often
-- each block was seen and clicked in the last days, for everyone or one member state. The state is
-- decided by the server from the request's session when the batch arrives (anonymous, known member,
-- card member of a tier, non-card member, closed account), never taken from the browser. Rows of
-- before this migration (page views only) keep '' as their state.
alter table impression_counts add column member_state text not null default '';
alter table impression_counts drop constraint impression_counts_pkey;
alter table impression_counts add primary key (partner_id, day, event, page, block_id, member_state);
