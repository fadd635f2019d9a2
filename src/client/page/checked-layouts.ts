// The layouts the server checked before inlining them (bootstrap `checkedLayouts`): the page renders
// these without loading its validators, which keeps them out of a member's first route.
import { bootstrapLayouts, type Bootstrap } from '#shared/bootstrap.ts';

// By identity: the very object the server checked. Whatever takes its place later (an editor's
// unsaved draft in preview, a group fetched again) is another object, and is validated here.
const checked = new WeakSet<object>();

/** Takes note of the bootstrap's checked layouts (the partner's pages, the home and discover layouts). */
export function trustCheckedLayouts(bootstrap: Bootstrap): void {
  const keys = new Set(bootstrap.checkedLayouts ?? []);
  if (!keys.size) return;
  for (const [key, layout] of bootstrapLayouts(bootstrap.partner.pages, bootstrap.cms)) {
    if (keys.has(key) && typeof layout === 'object' && layout !== null) checked.add(layout);
  }
}

export function isCheckedLayout(layout: unknown): boolean {
  return typeof layout === 'object' && layout !== null && checked.has(layout);
}
