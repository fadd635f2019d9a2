-- Drafts are kept even while invalid (issue 22: no edit is lost; only publishing is blocked). Each
-- draft is stored with the problems the server found in it on save (schema and link rule, as
-- [{pointer, message}] into its fields), so the editor shows them after a reload; publish checks again.
alter table cms_entries add column draft_problems jsonb;
