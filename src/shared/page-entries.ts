// The CMS entries a page layout's blocks show (a banner block names its entry by slug): they belong to
// the page, so the editor edits, publishes, schedules and rolls back the layout and these together.
import { LAYOUT_SLUG, type CmsContentName } from './cms.ts';

export interface EntryRef {
  contentName: CmsContentName;
  slug: string;
}

/** The pages whose layouts are CMS entries (the editor's visual editor). */
export const PAGE_GROUPS = ['home', 'discover'] as const;
export type PageGroup = (typeof PAGE_GROUPS)[number];

export const isPageGroup = (value: string): value is PageGroup => (PAGE_GROUPS as readonly string[]).includes(value);

/** How each block type that shows an entry names it (registry/<type>/props.schema.json). */
const ENTRY_PROPS: Readonly<Record<string, (props: Record<string, unknown>) => EntryRef | null>> = {
  'cms-banner': (props) => {
    const group = props.group === 'discover' ? 'discover' : 'home';
    return typeof props.slug === 'string' && props.slug && props.slug !== LAYOUT_SLUG ? { contentName: group, slug: props.slug } : null;
  },
  'search-sidebar': (props) => ({ contentName: 'sidebar', slug: typeof props.slug === 'string' && props.slug ? props.slug : 'search' }),
  'merchant-sidebar': (props) => ({ contentName: 'sidebar', slug: typeof props.slug === 'string' && props.slug ? props.slug : 'merchant' }),
  'earn-banner': (props) => ({
    contentName: 'earn_banner',
    slug: typeof props.slug === 'string' && props.slug ? props.slug : 'earn-banner',
  }),
  'cms-page': (props) => (typeof props.slug === 'string' && props.slug ? { contentName: 'legal', slug: props.slug } : null),
  activation: (props) =>
    typeof props.cmsSlug === 'string' && props.cmsSlug ? { contentName: 'tier_1_activation', slug: props.cmsSlug } : null,
};

/** The entries a layout's placed blocks show, each once, in page order. */
export function referencedEntries(layout: unknown): EntryRef[] {
  if (typeof layout !== 'object' || layout === null) return [];
  const { blocks, order } = layout as { blocks?: Record<string, { type?: unknown; props?: unknown } | undefined>; order?: unknown };
  if (!blocks || !Array.isArray(order)) return [];
  const found: EntryRef[] = [];
  const seen = new Set<string>();
  for (const id of order) {
    if (typeof id !== 'string' || !Object.hasOwn(blocks, id)) continue;
    const block = blocks[id];
    const read = typeof block?.type === 'string' ? ENTRY_PROPS[block.type] : undefined;
    const props = block?.props;
    const ref = read ? read(typeof props === 'object' && props !== null ? (props as Record<string, unknown>) : {}) : null;
    if (!ref) continue;
    const key = `${ref.contentName}/${ref.slug}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(ref);
  }
  return found;
}
