-- A page's first publish also records how the page was before it (kind 'start'), so an editor can
-- roll the page back after their very first publish: before this, a page's history began with that
-- publish and offered nothing to roll back to.
alter table cms_page_history drop constraint cms_page_history_kind_check;
alter table cms_page_history add constraint cms_page_history_kind_check
  check (kind in ('start', 'publish', 'rollback', 'scheduled-publish'));
