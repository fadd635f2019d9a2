// What route handlers may know of a partner's settings (docs/decisions/2026-11-28-server-rules-in-one-place.md).
// Whether a call exists at all is a gate, declared in the route's options (plugins/gates.ts, table in
// #shared/api-gates.ts); handlers never decide that themselves. What is left for a handler is a shape
// (which member fields), copy (the programme's name), or the numbers and lists one check uses (the
// card limit, the accepted card types): each is one named reader here, returning that fact and not
// the partner's config, so every setting a handler depends on is found in this file. Lint refuses
// `partner.config` in src/server/routes/ (eslint.config.js).
import type { PartnerConfig } from '#shared/generated/types.ts';
import { apiGateOpen, type ApiGate } from '#shared/api-gates.ts';
import { partnerFlags, signInPath, type PartnerBundle } from '#shared/partner.ts';
import type { EditorBootstrap } from '#shared/editor-bootstrap.ts';
import { availableRoutes, homePageOf, type RouteEntry } from '#shared/routes.ts';
import { suggestedFiltersFor } from '#shared/search-filters.ts';

type Partner = Pick<PartnerBundle, 'config'>;

/** Whether a gate of the table is open: for answers that describe the gates (feature flags, the bootstrap's member). */
export function gateOpen(partner: Partner, gate: ApiGate): boolean {
  return apiGateOpen(gate, partner.config);
}

/** The Member shape this partner's members get: sso members have no password, email or profile fields of their own. */
export function memberShape(partner: Partner): 'sso' | 'direct' {
  return partner.config.enrollmentType === 'sso' ? 'sso' : 'direct';
}

/** The programme's name, for copy the server writes (emails, calendar files). */
export function programName(partner: Partner): string {
  return partner.config.programName;
}

/** The name the sso provider's sign-in page shows for this partner. */
export function ssoProgramName(partner: Partner): string {
  return partner.config.sso?.providerName ?? partner.config.name;
}

/** Host names that are this partner's own (links in emails may point at them). */
export function ownHosts(partner: Partner): readonly string[] {
  return partner.config.hosts;
}

/** Whether pages always show CMS drafts (spec 000 §4 `cmsPreview`). */
export function alwaysPreview(partner: Partner): boolean {
  return partner.config.cmsPreview;
}

/** What a card registration checks: the most cards a member may link, the accepted types, and whether cards on file exist. */
export function cardRules(partner: Partner): {
  maxLinked: number;
  typesAccepted: PartnerConfig['cardTypesAccepted'];
  cardsOnFile: boolean;
} {
  const { maxLinkedCards, cardTypesAccepted, hasPartnerLoadedCards } = partner.config;
  return { maxLinked: maxLinkedCards, typesAccepted: cardTypesAccepted, cardsOnFile: hasPartnerLoadedCards };
}

/** What the profile form (PUT /api/Member, auth/profile.ts) checks beyond the member's own fields. */
export function profileRules(partner: Partner): { emailOptInHidden: boolean; fullAddressRequired: boolean; smsOptInV1: boolean } {
  const c = partner.config;
  return {
    emailOptInHidden: c.hideEmailOptIn,
    // fullAddressRequired does not apply to statement-credit partners.
    fullAddressRequired: c.fullAddressRequired && c.currencyType !== 'Credit',
    // Under SMS v1 a changed number clears the opt-in unless the same save turns it on again.
    smsOptInV1: c.hasSmsOptIn && !c.hasSmsOptInV2,
  };
}

/** What the page editor's bootstrap says of the partner (routes/editor-shell.ts): its names, flags, home page and pages. */
export function partnerForEditor(partner: Partner, production: boolean): Omit<EditorBootstrap['partner'], 'id' | 'placeholders'> {
  const config = partner.config;
  return {
    name: config.name,
    programName: config.programName,
    flags: partnerFlags(config),
    enrollmentType: config.enrollmentType,
    homePage: homePageOf(config),
    routes: availableRoutes(config, { production })
      .filter((route) => route.path !== '*')
      .map(({ path, caseSensitive }) => (caseSensitive ? { path, caseSensitive } : { path })),
  };
}

/** Whether joining asks for the partner's programme number (hasPPN), and whether it must be a valid one. */
export function partnerNumberRules(partner: Partner): { asked: boolean; checked: boolean } {
  return { asked: partner.config.hasPPN, checked: partner.config.partnerNumberValidator === 'ppn' };
}

/** What GET /api/feature-flags says exists for this partner: its search suggestions and its flags. */
export function partnerFeatures(partner: Partner): {
  suggestedFilters: ReturnType<typeof suggestedFiltersFor>;
  flags: Record<string, boolean>;
} {
  return { suggestedFilters: suggestedFiltersFor(partner.config), flags: partnerFlags(partner.config) };
}

/** The partner's pages (the route table's, for the sitemap) and the sign-in address it links to. */
export function partnerPages(partner: Partner, production: boolean): { routes: RouteEntry[]; signInPath: '/Login' | '/login' } {
  return { routes: availableRoutes(partner.config, { production }), signInPath: signInPath(partner.config.enrollmentType) };
}
