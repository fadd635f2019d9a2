// Which page layouts the server hands the client have passed the whole page check: the layout
// schema, then the props of every block it places (the same resolver the client runs). The client
// renders those without its own validators, so a member's first route carries none of them; any
// other layout (an editor's unsaved draft, a broken one) makes the client load them and report.
import { bootstrapLayouts, type Bootstrap } from '#shared/bootstrap.ts';
import { blockPropsValidators } from '#shared/generated/block-validators.js';
import { validateLayout } from '#shared/generated/validators.js';
import { resolvePage } from '#shared/page/resolve.ts';
import type { Visitor } from '#shared/visitor.ts';
import { PLACEHOLDERS } from '#shared/copy.ts';

// Props are validated before a block's condition is looked at, so who is looking does not change
// the problems found; this visitor only lets the resolver run.
const ANYONE: Visitor = {
  kind: 'anonymous',
  tier: null,
  enrollmentType: 'direct',
  flags: {},
  nativeApp: false,
  pwa: false,
  now: new Date(0),
};

const NO_PLACEHOLDERS = Object.fromEntries(PLACEHOLDERS.map((name) => [name, ''])) as Record<(typeof PLACEHOLDERS)[number], string>;

// Partner pages and published CMS groups are the same objects until they change, so each layout is
// checked once (drafts are read fresh, and checked per page).
const verdicts = new WeakMap<object, boolean>();

/** The layout is an object, fits the layout schema and every placed block's props fit its type. */
export function layoutPassesCheck(layout: unknown): boolean {
  if (typeof layout !== 'object' || layout === null) return false;
  let verdict = verdicts.get(layout);
  if (verdict === undefined) {
    const page = resolvePage({
      layout,
      source: 'server',
      validators: blockPropsValidators,
      validateLayout,
      visitor: ANYONE,
      placeholders: NO_PLACEHOLDERS,
    });
    verdict = page.ok && page.problems.length === 0;
    verdicts.set(layout, verdict);
  }
  return verdict;
}

/** The keys of those of these layouts that pass the check. */
function passing(layouts: Array<[key: string, layout: unknown]>): string[] {
  return layouts.filter(([, layout]) => layoutPassesCheck(layout)).map(([key]) => key);
}

// A partner's pages object lives as long as its partner bundle: its keys are worked out once.
const pageKeys = new WeakMap<object, string[]>();

/** The bootstrap's `checkedLayouts`: the keys of its layouts that pass the check. */
export function checkedLayoutKeys(pages: Readonly<Record<string, unknown>>, cms: Bootstrap['cms']): string[] {
  let keys = pageKeys.get(pages);
  if (!keys) {
    keys = passing(bootstrapLayouts(pages, {}));
    pageKeys.set(pages, keys);
  }
  const cmsKeys = passing(bootstrapLayouts({}, cms));
  return cmsKeys.length ? [...keys, ...cmsKeys] : keys;
}
