// What a page says about itself to search engines and link previews: the document title, a meta
// description, the canonical address, Open Graph tags and whether it may be indexed. Pure, so the
// server writes it into the page it sends (the first paint, and what crawlers read) and the client
// applies the same on every navigation (src/client/ui/useDocumentTitle.ts); server rendering
// uses it as it is.
//
// Where each part comes from, first match wins:
// - title: the partner's route metadata (partner.json routeMeta, spec 000 §2), else the page's own
//   title (a merchant's name, an earn detail's or legal entry's browser_title, the layout's title)
//   and the programme name;
// - description: route metadata, else the page's content (a merchant's name, cuisine and
//   neighbourhood; an earn detail's banner text; a legal page's intro), else copy: the key
//   `meta.description.<page>` (the layout's name in camel case: `howItWorks`; `home`, `discover`, `notFound`), else `meta.description`.
//   Copy is per partner and editable in the CMS (the global `copy` entry), like all copy.
import { cmsCopyOverrides, earnSlugOf, LAYOUT_SLUG, type CmsContent } from './cms.ts';
import { fillTemplate, substitute, type PlaceholderValues } from './copy.ts';
import { escapeHtml } from './html.ts';
import { placeholdersFor, type PartnerBundle } from './partner.ts';
import { matchRoute, availableRoutes, type RouteEntry } from './routes.ts';

/** What is known about a merchant whose page this is. */
export interface MerchantFacts {
  name: string;
  cuisines: readonly string[];
  neighborhood: string | null;
  city: string;
}

export interface HeadInput {
  partner: PartnerBundle;
  cms: Partial<CmsContent>;
  /** The page address's path (no query). */
  pathname: string;
  production: boolean;
  /** On a merchant's page: the merchant, or null when no merchant has that id. */
  merchant?: MerchantFacts | null;
}

export interface PageHead {
  title: string;
  description: string;
  /** The page's own address (path, no query), or null for a page that is not one (Not Found). */
  canonicalPath: string | null;
  /** False for members' own pages and one-time flows: `noindex`, and left out of the sitemap. */
  indexable: boolean;
  /** The page answers 404: no route, an unknown merchant or earn detail, a missing legal entry. */
  notFound: boolean;
}

/** Search snippets show about this much; longer descriptions are cut at a word. */
export const DESCRIPTION_MAX = 160;

/**
 * Routes whose page is for a signed-in member or one step of a flow a link or a form leads to (a
 * reset link, the card just added): never listed, never indexed. Public pages (home, search,
 * merchants, earn, legal, sign-in and join) are.
 */
const PRIVATE_PATHS = [
  '/account',
  '/add_card',
  '/card_added',
  '/activate',
  '/recover',
  '/fix_credentials',
  '/SignOut',
  '/surveys',
  '/error',
  '/stgtools',
  '/not_found',
];

export function isPrivatePath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return PRIVATE_PATHS.some((prefix) => path === prefix.toLowerCase() || path.startsWith(`${prefix.toLowerCase()}/`));
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Plain text of CMS HTML or copy (tags and link markup dropped, whitespace folded). */
function plain(value: string): string {
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/\[([^\]]*)\]\(link:[A-Za-z]+\)/g, '$1')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function clip(value: string): string {
  if (value.length <= DESCRIPTION_MAX) return value;
  const cut = value.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

function entryFields(cms: Partial<CmsContent>, group: keyof CmsContent, slug: string): Record<string, unknown> | null {
  const entry = cms[group]?.data.find((page) => page.slug === slug);
  const fields: unknown = entry?.fields;
  return fields && typeof fields === 'object' && !Array.isArray(fields) ? (fields as Record<string, unknown>) : null;
}

function earnDetailFields(cms: Partial<CmsContent>, slug: string): Record<string, unknown> | null {
  for (const entry of cms.earn_details?.data ?? []) {
    const fields = entry.fields as Record<string, unknown> | null;
    const url = text(fields?.url);
    if (fields && url && earnSlugOf(url) === slug) return fields;
  }
  return null;
}

/** The layout a route shows (a CMS home or discover layout, else the partner's default). */
function layoutOf(input: HeadInput, route: RouteEntry): { name: string; layout: Record<string, unknown> | null } | null {
  const { page } = route;
  if ('cms' in page) {
    const fromCms = entryFields(input.cms, page.cms, LAYOUT_SLUG);
    return { name: page.cms, layout: fromCms ?? (input.partner.pages[page.cms] as unknown as Record<string, unknown>) ?? null };
  }
  if ('layout' in page) {
    const layout = Object.hasOwn(input.partner.pages, page.layout) ? input.partner.pages[page.layout] : undefined;
    return { name: page.layout, layout: (layout as unknown as Record<string, unknown>) ?? null };
  }
  return null;
}

/** The props.slug of the layout's first block of this type (the legal page's entry). */
function blockSlug(layout: Record<string, unknown> | null, type: string): string | null {
  const blocks = layout?.blocks;
  if (!blocks || typeof blocks !== 'object') return null;
  for (const block of Object.values(blocks as Record<string, unknown>)) {
    const { type: blockType, props } = (block ?? {}) as { type?: unknown; props?: { slug?: unknown } };
    if (blockType === type) return text(props?.slug);
  }
  return null;
}

interface PageFacts {
  /** The page's own title, without the programme name. */
  title: string | null;
  /** A description from the page's content. */
  description: string | null;
  /** The copy key naming this page's description. */
  copyKey: string;
  notFound: boolean;
}

function pageFacts(
  input: HeadInput,
  route: RouteEntry | null,
  copy: (key: string) => string | null,
  fill: (value: string) => string,
): PageFacts {
  const notFound = (copyKey = 'notFound'): PageFacts => ({
    title: copy('notFound.title') ?? 'Page not found',
    description: null,
    copyKey,
    notFound: true,
  });
  if (!route || ('special' in route.page && route.page.special === 'notFound')) return notFound();
  const found = layoutOf(input, route);
  const layoutTitle = text(found?.layout?.title);
  const facts: PageFacts = {
    title: layoutTitle ? fill(layoutTitle) : null,
    description: null,
    copyKey: camel(found?.name ?? 'page'),
    notFound: false,
  };
  if (!found) return facts;

  if (found.name === 'merchant' || found.name === 'merchant-order') {
    if (input.merchant === null) return notFound();
    const merchant = input.merchant;
    if (!merchant) return facts;
    const cuisine = merchant.cuisines.filter(Boolean).join(', ');
    const place = [merchant.neighborhood, merchant.city].filter(Boolean).join(', ');
    const template =
      copy('meta.merchantDescription') ??
      '{name}: {cuisine} in {place}. Dine with {programName}, pay with your linked card and earn {currency}.';
    const description = fillTemplate(fill(template), { name: merchant.name, cuisine: cuisine || 'Restaurant', place })
      .replace(/ in \./, '.')
      .replace(/\s+/g, ' ');
    const title =
      found.name === 'merchant-order'
        ? fillTemplate(copy('merchantDetail.order.dialogTitle') ?? 'Order from {name}', { name: merchant.name })
        : merchant.name;
    return { ...facts, title, description };
  }

  if (found.name === 'earn-detail') {
    const slug = earnSlugOf(decodeURIComponentSafe(input.pathname.split('/')[2] ?? ''));
    const fields = slug ? earnDetailFields(input.cms, slug) : null;
    if (!fields) return notFound();
    const title = text(fields.browser_title);
    const banner = text(fields.banner_text);
    const main = text(fields.main_column);
    const description = [banner, main ? plain(main) : null].filter(Boolean).join('. ');
    return { ...facts, title: title ? fill(title) : facts.title, description: description ? fill(description) : null };
  }

  const legalSlug = blockSlug(found.layout, 'cms-page');
  if (legalSlug) {
    const fields = entryFields(input.cms, 'legal', legalSlug);
    if (!fields || text(fields.body) === null) return notFound();
    const title = text(fields.browser_title) ?? text(fields.title);
    const intro = text(fields.intro);
    return { ...facts, title: title ? fill(title) : facts.title, description: intro ? fill(intro) : null };
  }
  return facts;
}

/** A layout name as a copy key segment: how-it-works -> howItWorks. */
function camel(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

/** The head of the page at `pathname` for this partner and content. */
export function pageHead(input: HeadInput): PageHead {
  const { partner, cms } = input;
  const placeholders: PlaceholderValues = placeholdersFor(partner);
  const overrides = cmsCopyOverrides(cms);
  const fill = (value: string) => substitute(value, placeholders);
  const copy = (key: string): string | null => {
    const value = text(overrides[key] ?? partner.copy[key]);
    return value ? fill(value) : null;
  };
  const route = matchRoute(input.pathname, availableRoutes(partner.config, { production: input.production }));
  const facts = pageFacts(input, route, copy, fill);
  const meta = facts.notFound ? undefined : partner.config.routeMeta[input.pathname];
  const base = partner.config.programName;
  const title = meta?.title ?? (facts.title ? `${facts.title} | ${base}` : base);
  const description =
    text(meta?.description) ?? facts.description ?? copy(`meta.description.${facts.copyKey}`) ?? copy('meta.description') ?? base;
  const canonicalPath = facts.notFound ? null : canonicalPathOf(input.pathname);
  return {
    title,
    description: clip(plain(description)),
    canonicalPath,
    indexable: !facts.notFound && !isPrivatePath(input.pathname),
    notFound: facts.notFound,
  };
}

/** One address per page: no trailing slash (but the root), no query. */
export function canonicalPathOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/**
 * Every head element but the title, as [CSS selector, attributes] (null: the page must not have
 * it): the server writes them (headHtml), the client updates them in place on navigation.
 */
export function headTagValues(
  head: PageHead,
  partner: PartnerBundle,
  origin: string,
): Array<[selector: string, attributes: Readonly<Record<string, string>> | null]> {
  const canonical = head.canonicalPath ? origin + head.canonicalPath : null;
  const og = (property: string, content: string | null) =>
    [`meta[property="${property}"]`, content === null ? null : { property, content }] as [string, Record<string, string> | null];
  return [
    ['meta[name="description"]', { name: 'description', content: head.description }],
    ['meta[name="robots"]', head.indexable ? null : { name: 'robots', content: 'noindex' }],
    ['link[rel="canonical"]', canonical ? { rel: 'canonical', href: canonical } : null],
    og('og:type', 'website'),
    og('og:site_name', partner.config.programName),
    og('og:title', head.title),
    og('og:description', head.description),
    og('og:url', canonical),
    og('og:image', absolute(partner.theme.logo.src, origin)),
  ];
}

/** The head as HTML elements, for the page the server sends (`origin`: how this host is reached). */
export function headHtml(head: PageHead, partner: PartnerBundle, origin: string): string {
  const tags = headTagValues(head, partner, origin).flatMap(([selector, attributes]) => {
    if (!attributes) return [];
    const element = selector.startsWith('link') ? 'link' : 'meta';
    const pairs = Object.entries(attributes).map(([name, value]) => `${name}="${escapeHtml(value)}"`);
    return [`<${element} ${pairs.join(' ')} />`];
  });
  return [`<title>${escapeHtml(head.title)}</title>`, ...tags].join('\n');
}

function absolute(src: string, origin: string): string {
  return /^https?:\/\//i.test(src) ? src : `${origin}${src.startsWith('/') ? '' : '/'}${src}`;
}
