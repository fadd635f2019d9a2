// The app runtime every block and frame part reads: partner, copy, CMS content, visitor, preview.
// Provided once by the app layer; blocks use the hooks, never the providers.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { CmsPage, KnownMember, Member } from '#shared/generated/types.ts';
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

const RuntimeContext = createContext<Runtime | null>(null);

export function RuntimeProvider({ value, children }: { value: Runtime; children: ReactNode }) {
  return <RuntimeContext.Provider value={value}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside RuntimeProvider');
  return runtime;
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
  const { partner, placeholders, cms } = useRuntime();
  return useMemo(() => {
    const overrides = cmsCopyOverrides(cms);
    return (key: string, fallback = '') => substitute(overrides[key] ?? partner.copy[key] ?? fallback, placeholders);
  }, [partner, placeholders, cms]);
}

/**
 * What decides which content and links members of this partner see (content-features.ts): its
 * settings, its routes, and the earn pages it shows. One per runtime.
 */
const linkContexts = new WeakMap<Runtime, LinkContext>();
export function useLinkContext(): LinkContext {
  const runtime = useRuntime();
  let context = linkContexts.get(runtime);
  if (!context) {
    const { partner, cms, production } = runtime;
    context = linkContext(partner.config, usableEntries('earn_details', cms.earn_details), { production });
    linkContexts.set(runtime, context);
  }
  return context;
}

/**
 * Usable entries of one CMS group (items lacking their group's required field are dropped), as
 * members of this partner see them: entries and list items whose declared features are off, and
 * links to pages the partner does not have, are left out.
 */
export function useCmsEntries(name: CmsContentName): CmsPage[] {
  const { cms } = useRuntime();
  const context = useLinkContext();
  return useMemo(() => visibleEntries(usableEntries(name, cms[name]), context), [cms, name, context]);
}

export function useCmsEntry(name: CmsContentName, slug: string): CmsPage | undefined {
  return useCmsEntries(name).find((page) => page.slug === slug);
}

export { placeholdersFor };
