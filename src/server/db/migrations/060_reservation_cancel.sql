-- Members cancel their own bookings from the account centre's upcoming reservations (issue 24).
-- A cancelled booking stays (the provider's record) but frees its table and no longer overlaps.
alter table reservations add column cancelled_at timestamptz;
create index reservations_member_upcoming on reservations (member_id, starts_at) where cancelled_at is null;
