-- The provider's sign-in page lists its demo accounts. It listed every account, so anyone who signed
-- up was shown to every visitor (and a sign-up flood made each page render list thousands). Only the
-- seeded accounts are demo accounts.
alter table sso_accounts add column demo boolean not null default false;
update sso_accounts set demo = true where program_number like 'HR41%';
