// The app runtime every block and frame part reads: partner, copy, CMS content, visitor, preview.
// Provided once by the app layer; blocks use the hooks, never the providers.
import { createContext, useContext, useLayoutEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { CmsPage, CmsPagesResponse, KnownMember, Member } from '#shared/generated/types.ts';
import type { PartnerBundle } from '#shared/partner.ts';
import { placeholdersFor } from '#shared/partner.ts';
import { substitute, type PlaceholderValues } from '#shared/copy.ts';
import { escapeHtml } from '#shared/html.ts';
import { cmsCopyOverrides, usableEntries, type CmsContent, type CmsContentName } from '#shared/cms.ts';
import type { Visitor } from '#shared/visitor.ts';
import { linkContext, visibleEntries, type LinkContext } from '#shared/content-features.ts';

export interface Runtime {
  partner: PartnerBundle;
  cms: CmsContent;
  preview: boolean;
  providersOrigin: string;
  production: boolean;
  visitor: Visitor;
  member: Member | null;
  placeholders: PlaceholderValues;
  /**
   * Known-member lookup (spec 000 §4): the public id from ?public_id= or its cookie, and the
   * lookup's state. Optional so tests and tools that build a Runtime by hand need not set it.
   */
  known?: KnownMemberState;
}

export interface KnownMemberState {
  publicId: string | null;
  /** idle: no public id; pending: lookup running; known: found; error: lookup failed. */
  status: 'idle' | 'pending' | 'known' | 'error';
  member: KnownMember | null;
}

const NO_KNOWN_MEMBER: KnownMemberState = { publicId: null, status: 'idle', member: null };

/** The runtime without the CMS content: what changes only with the partner, the visitor or the member. */
export type RuntimeSettings = Omit<Runtime, 'cms'>;

/**
 * The CMS content as a store read one group at a time (useSyncExternalStore): an edit in the page
 * editor's preview changes one group (a layout is an entry of `home` or `discover`), and only what
 * reads that group draws again, not every block of the page.
 */
class CmsStore {
  private listeners = new Set<() => void>();
  constructor(public content: CmsContent) {}
  set(next: CmsContent) {
    if (next === this.content) return;
    this.content = next;
    for (const listener of this.listeners) listener();
  }
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}

const SettingsContext = createContext<RuntimeSettings | null>(null);
const CmsContext = createContext<CmsStore | null>(null);

export function RuntimeProvider({ value, children }: { value: Runtime; children: ReactNode }) {
  const { cms, partner, preview, providersOrigin, production, visitor, member, placeholders, known } = value;
  const settings = useMemo<RuntimeSettings>(
    () => ({ partner, preview, providersOrigin, production, visitor, member, placeholders, ...(known ? { known } : {}) }),
    [partner, preview, providersOrigin, production, visitor, member, placeholders, known],
  );
  const [store] = useState(() => new CmsStore(cms));
  // After the render that brought new content: the groups that changed notify their readers, which
  // draw again before the browser paints.
  useLayoutEffect(() => store.set(cms), [store, cms]);
  return (
    <SettingsContext value={settings}>
      <CmsContext value={store}>{children}</CmsContext>
    </SettingsContext>
  );
}

/** Partner, visitor, member, placeholders, preview: everything but the CMS content (see useCmsContent). */
export function useRuntime(): RuntimeSettings {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useRuntime outside RuntimeProvider');
  return settings;
}

function useCmsStore(): CmsStore {
  const store = useContext(CmsContext);
  if (!store) throw new Error('CMS content read outside RuntimeProvider');
  return store;
}

/** One CMS group's answer: the reader draws again only when that group changes. */
export function useCmsGroup(name: CmsContentName): CmsPagesResponse {
  const store = useCmsStore();
  const read = () => store.content[name];
  return useSyncExternalStore(store.subscribe, read, read);
}

/** Every CMS group (draws again when any changes): for what needs the whole content, e.g. the page head. */
export function useCmsContent(): CmsContent {
  const store = useCmsStore();
  const read = () => store.content;
  return useSyncExternalStore(store.subscribe, read, read);
}

export function usePartner(): PartnerBundle {
  return useRuntime().partner;
}

export function useVisitor(): Visitor {
  return useRuntime().visitor;
}

export function useMember(): Member | null {
  return useRuntime().member;
}

/** The known (pre-login) member looked up by public id, e.g. for the activation screen. */
export function useKnownMember(): KnownMemberState {
  return useRuntime().known ?? NO_KNOWN_MEMBER;
}

/**
 * Placeholder filling ({programName}, {currency}, ...) for plain CMS text and, with the values
 * escaped, for CMS HTML: a partner's name with "&" or "<" stays text inside sanitised markup.
 */
export function useFill(): { text: (value: string) => string; html: (value: string) => string } {
  const { placeholders } = useRuntime();
  return useMemo(() => {
    const escaped = Object.fromEntries(Object.entries(placeholders).map(([k, v]) => [k, escapeHtml(v)])) as PlaceholderValues;
    return {
      text: (value: string) => substitute(value, placeholders),
      html: (value: string) => substitute(value, escaped),
    };
  }, [placeholders]);
}

/**
 * Copy lookup with placeholder substitution: the CMS's copy entry first (editors' wording, no
 * deploy), then the partner's catalogue, then the fallback, else ''.
 */
export function useCopy(): (key: string, fallback?: string) => string {
  const { partner, placeholders } = useRuntime();
  const global = useCmsGroup('*');
  return useMemo(() => {
    const overrides = cmsCopyOverrides({ '*': global });
    return (key: string, fallback = '') => substitute(overrides[key] ?? partner.copy[key] ?? fallback, placeholders);
  }, [partner, placeholders, global]);
}

/**
 * What decides which content and links members of this partner see (content-features.ts): its
 * settings, its routes, and the earn pages it shows. One per partner, earn group and build.
 */
const linkContexts = new WeakMap<PartnerBundle, WeakMap<CmsPagesResponse, { production: boolean; context: LinkContext }>>();
export function useLinkContext(): LinkContext {
  const { partner, production } = useRuntime();
  const earn = useCmsGroup('earn_details');
  let byEarn = linkContexts.get(partner);
  if (!byEarn) {
    byEarn = new WeakMap();
    linkContexts.set(partner, byEarn);
  }
  let known = byEarn.get(earn);
  if (!known || known.production !== production) {
    known = { production, context: linkContext(partner.config, usableEntries('earn_details', earn), { production }) };
    byEarn.set(earn, known);
  }
  return known.context;
}

/**
 * Usable entries of one CMS group (items lacking their group's required field are dropped), as
 * members of this partner see them: entries and list items whose declared features are off, and
 * links to pages the partner does not have, are left out.
 */
export function useCmsEntries(name: CmsContentName): CmsPage[] {
  const group = useCmsGroup(name);
  const context = useLinkContext();
  return useMemo(() => visibleEntries(usableEntries(name, group), context), [group, name, context]);
}

export function useCmsEntry(name: CmsContentName, slug: string): CmsPage | undefined {
  return useCmsEntries(name).find((page) => page.slug === slug);
}

export { placeholdersFor };
