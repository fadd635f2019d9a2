-- Identity by a stable id (issue 21): an sso member is the provider's subject (the programme
-- number), never an email; and an email is one account whatever its letter case, everywhere one is
-- stored. The sso provider kept accounts under a case-sensitive key, so `Vip@Harbor.example` could be
-- registered beside `vip@harbor.example`, and the app's callback, which matched members by the
-- lower-cased email, signed the newcomer in as the other member.

-- The demo provider's accounts: where two differ only in case, the lower-case one (what the seed and
-- every earlier sign-up wrote) is kept, else the first by byte order; the others are the second
-- registrations this migration exists to stop, and cannot sign anyone in any more.
delete from sso_accounts a
where exists (
  select 1 from sso_accounts b
  where b.partner_id = a.partner_id and lower(b.email) = lower(a.email) and b.email <> a.email
    and (b.email = lower(b.email) or (a.email <> lower(a.email) and b.email < a.email))
);
create unique index sso_accounts_email_ci on sso_accounts (partner_id, lower(email));
-- The subject id the app binds members to.
create unique index sso_accounts_program_number on sso_accounts (partner_id, program_number);

-- Editors: one account per email whatever its case (members have had members_partner_email since 001).
create unique index cms_editors_email_ci on cms_editors (partner_id, lower(email));

-- The provider's subject an sso member signs in as.
alter table members add column sso_subject text check (sso_subject is null or length(sso_subject) between 1 and 64);
create unique index members_sso_subject on members (partner_id, sso_subject) where sso_subject is not null;

-- Members an sso sign-in created before this: bound to the provider account whose email is exactly
-- the one the member was created with (an exact match, so a case variant never claims anyone).
update members m set sso_subject = a.program_number
from sso_accounts a
where a.partner_id = m.partner_id and a.email = m.email and m.sso_subject is null;
