// Content that follows the partner's settings. CMS entries (and the links inside navigation, footer,
// account-centre and banner lists) declare the features they need in a `features` field; copy keys
// declare theirs in COPY_KEY_FEATURES. Members never see an entry, item or link whose feature is
// off (visibleEntries, used by the client runtime), and `npm run validate` and the editor's publish
// check report content that still mentions or links to a switched-off feature, or types an amount a
// partner setting holds (contentProblems / entryContentProblems). Pure: no I/O, no React.
import { earnSlugOf, LAYOUT_SLUG, type CmsContentName } from './cms.ts';
import type { CmsPage, PartnerConfig } from './generated/types.ts';
import { availableRoutes, matchRoute, type GateEnv, type RouteEntry } from './routes.ts';
import { escapePointer, type Problem } from './validation.ts';

export const CONTENT_FEATURES = ['vip', 'reservations', 'reservationBonus', 'enrolment', 'cards', 'sms', 'flexOffers', 'discover'] as const;
export type ContentFeature = (typeof CONTENT_FEATURES)[number];

type FeatureConfig = Pick<
  PartnerConfig,
  | 'hasVIP'
  | 'openTableReservationsEnabled'
  | 'hasReservationBonus'
  | 'enrollmentType'
  | 'hasSmsOptIn'
  | 'hasSmsOptInV2'
  | 'hasFlexOffers'
  | 'hasDiscoverPage'
>;

interface FeatureRule {
  /**
   * What a programme without the feature lacks, in an editor's words; the same words label the
   * feature's box in the editor's "Only where the programme has" field (`editor.option.features.*`).
   */
  words: string;
  on: (c: FeatureConfig) => boolean;
  /** Words that promise the feature to a member; text with them must declare the feature. */
  mentions?: RegExp;
}

const FEATURES: Record<ContentFeature, FeatureRule> = {
  vip: { words: 'VIP status', on: (c) => c.hasVIP, mentions: /\bVIP\b/ },
  reservations: {
    words: 'table reservations',
    on: (c) => c.openTableReservationsEnabled,
    mentions: /\b(reserv(?:e|ing|ations?)|book(?:ing|ed)? (?:a |your )?table|book online|online booking)\b/i,
  },
  reservationBonus: {
    words: 'the bonus for booking a table',
    on: (c) => c.openTableReservationsEnabled && c.hasReservationBonus,
  },
  enrolment: {
    words: 'joining on this site',
    on: (c) => c.enrollmentType !== 'none',
    mentions: /\b(join(?:ing)?|enrol(?:l|ls|led|ling|ment)?|sign in|your account|post to your account|new members?)\b/i,
  },
  cards: {
    words: 'linking cards on this site',
    on: (c) => c.enrollmentType !== 'none',
    mentions: /\b(linked cards?|link (?:a|your|every|another) card|cards? you (?:have linked|dine with))\b/i,
  },
  sms: {
    words: 'text messages',
    on: (c) => c.hasSmsOptIn || c.hasSmsOptInV2,
    mentions: /\b(SMS|text messages?)\b/i,
  },
  flexOffers: { words: 'personal offers', on: (c) => c.hasFlexOffers, mentions: /\bpersonal offers?\b/i },
  discover: { words: 'the Discover page', on: (c) => c.hasDiscoverPage },
};

/** A feature's box in the editor's "Only where the programme has" field (`editor.option.features.<feature>` says the same). */
export function featureLabel(feature: ContentFeature): string {
  return capitalised(FEATURES[feature].words);
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

export function featureOn(feature: ContentFeature, config: FeatureConfig): boolean {
  return FEATURES[feature].on(config);
}

function isFeature(value: unknown): value is ContentFeature {
  return typeof value === 'string' && (CONTENT_FEATURES as readonly string[]).includes(value);
}

/** The declared features (a `features` list) that are off for this partner. */
export function missingFeatures(declared: unknown, config: FeatureConfig): ContentFeature[] {
  if (!Array.isArray(declared)) return [];
  return declared.filter(isFeature).filter((f) => !featureOn(f, config));
}

/**
 * Copy keys whose screens show them only while a feature is on (the components check the same
 * setting). A partner that overrides such a key while the feature is off writes copy no member
 * can see; a key not listed here must not mention a feature the partner has switched off.
 */
export const COPY_KEY_FEATURES: readonly (readonly [prefix: string, feature: ContentFeature])[] = [
  ['merchantCard.unlock.tier3.', 'vip'],
  ['merchantCard.earnRate.tier3', 'vip'],
  ['howItWorksPage.level.tier3', 'vip'],
  ['account.overview.membership.vip', 'vip'],
  ['account.overview.progress.', 'vip'],
  ['merchantDetail.reservation.bonus', 'reservationBonus'],
  ['merchantDetail.reservation.', 'reservations'],
  ['account.reservations.', 'reservations'],
  ['search.filters.reservations', 'reservations'],
  ['merchantDetail.offers.flex', 'flexOffers'],
  ['account.profile.sms', 'sms'],
  ['join.sms', 'sms'],
  ['merchantCard.activateToEarn', 'enrolment'],
  ['merchantCard.linkCardToEarn', 'cards'],
  ['merchantCard.signInToSeeOffers', 'enrolment'],
  ['howItWorksPage.step.join.', 'enrolment'],
  ['howItWorksPage.step.earn.', 'enrolment'],
  ['howItWorksPage.level', 'enrolment'],
  ['howItWorksPage.faq.', 'enrolment'],
  ['howItWorksPage.join', 'enrolment'],
  ['howItWorksPage.intro', 'cards'],
  ['howItWorksPage.step.dine.', 'cards'],
  ['home.howItWorks.dineText', 'cards'],
  ['home.howItWorks.earnText', 'enrolment'],
  ['earn.join', 'enrolment'],
  ['frame.signIn', 'enrolment'],
  ['frame.signOut', 'enrolment'],
  ['frame.join', 'enrolment'],
  ['frame.alreadyMember', 'enrolment'],
  ['frame.account', 'enrolment'],
  ['frame.greeting', 'enrolment'],
  ['frame.reenroll', 'cards'],
  ['frame.temporarySso', 'enrolment'],
  ['frame.generalPopup', 'cards'],
  ['frame.session', 'enrolment'],
  ['account.', 'enrolment'],
  ['cards.', 'cards'],
  ['addCard.', 'cards'],
  ['cardAdded.', 'cards'],
  ['reenroll.', 'cards'],
  ['join.', 'enrolment'],
  ['login.', 'enrolment'],
  ['recover.', 'enrolment'],
  ['activation.', 'enrolment'],
  ['fixCredentials.', 'enrolment'],
  ['prospectForm.', 'enrolment'],
  ['signIn.', 'enrolment'],
  ['meta.description.login', 'enrolment'],
  ['meta.description.join', 'enrolment'],
  ['session.', 'enrolment'],
];

/** The features a copy key's screens need (every matching prefix). */
export function copyKeyFeatures(key: string): ContentFeature[] {
  return COPY_KEY_FEATURES.filter(([prefix]) => key.startsWith(prefix)).map(([, feature]) => feature);
}

// ---- what members see -------------------------------------------------------------------------

/** What decides whether a link leads somewhere for this partner. */
export interface LinkContext {
  config: FeatureConfig & Parameters<typeof availableRoutes>[0] & Partial<Pick<PartnerConfig, 'generalModalType' | 'homePage'>>;
  routes: readonly RouteEntry[];
  /** Paths under /earn whose earn_details entry members of this partner see. */
  earnSlugs: ReadonlySet<string>;
}

export function linkContext(config: LinkContext['config'], earnDetails: readonly { fields: unknown }[], env: GateEnv): LinkContext {
  const earnSlugs = new Set<string>();
  for (const entry of earnDetails) {
    const fields = entry.fields as { url?: unknown; features?: unknown };
    if (typeof fields.url !== 'string' || missingFeatures(fields.features, config).length) continue;
    earnSlugs.add(earnSlugOf(fields.url));
  }
  return { config, routes: availableRoutes(config, env), earnSlugs };
}

/**
 * Whether a link goes to a page this partner has: other sites always count as reachable; a path on
 * this site must match one of the partner's routes, and /earn/{slug} a shown earn_details entry.
 */
export function linkReachable(url: string, context: LinkContext): boolean {
  const trimmed = url.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//')) return true;
  const path = (trimmed.split(/[?#]/)[0] ?? '/').replace(/\/+$/, '') || '/';
  const earn = /^\/earn\/([^/]+)$/i.exec(path);
  if (earn) return context.earnSlugs.has((earn[1] ?? '').toLowerCase());
  if (path === '/') return true;
  return matchRoute(path, context.routes) !== null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list item a member should not see: its own features are off, or it links to a page the partner lacks. */
function itemHidden(item: unknown, context: LinkContext): boolean {
  if (!isObject(item)) return false;
  if (missingFeatures(item.features, context.config).length) return true;
  const link =
    typeof item.url === 'string' ? item.url : isObject(item.fields) && typeof item.fields.url === 'string' ? item.fields.url : null;
  return link !== null && !linkReachable(link, context);
}

/** Lists of links or items inside entries, by field name (every group that has them). */
const ITEM_LISTS = ['nav_links', 'primary_links', 'secondary_links', 'banner_text', 'banner_copy'] as const;

function filterItems(fields: Json, context: LinkContext): Json {
  let out: Json | null = null;
  for (const name of ITEM_LISTS) {
    const list = fields[name];
    if (!Array.isArray(list) || !list.some((item) => itemHidden(item, context))) continue;
    out ??= { ...fields };
    out[name] = list.filter((item) => !itemHidden(item, context));
  }
  const groups = fields.link_groups;
  if (Array.isArray(groups) && groups.some((g) => isObject(g) && Array.isArray(g.links) && g.links.some((l) => itemHidden(l, context)))) {
    out ??= { ...fields };
    out.link_groups = groups
      .map((g) => (isObject(g) && Array.isArray(g.links) ? { ...g, links: g.links.filter((l) => !itemHidden(l, context)) } : g))
      .filter((g) => !isObject(g) || !Array.isArray(g.links) || g.links.length > 0);
  }
  return out ?? fields;
}

/**
 * The entries of a group members of this partner may see: entries whose declared features are all
 * on, and inside them only the list items (links, banner parts) whose features are on and whose
 * links lead to a page the partner has. Unchanged entries keep their identity.
 */
export function visibleEntries(entries: readonly CmsPage[], context: LinkContext): CmsPage[] {
  const out: CmsPage[] = [];
  for (const entry of entries) {
    const fields = entry.fields as Json;
    if (entry.slug === LAYOUT_SLUG || !isObject(fields)) {
      out.push(entry);
      continue;
    }
    if (missingFeatures(fields.features, context.config).length) continue;
    const filtered = filterItems(fields, context);
    out.push(filtered === fields ? entry : { ...entry, fields: filtered });
  }
  return out;
}

// ---- what a closed account is offered ----------------------------------------------------------

/**
 * Features a member uses by earning with a linked card. A closed account has no card and earns
 * nothing until it re-enrols, so links about them (VIP status, the reservation bonus) are not offered
 * to it; links that explain earning and re-enrolment stay (docs/decisions/2026-11-28-closed-accounts-earning-links.md).
 */
export const EARNING_FEATURES: readonly ContentFeature[] = ['vip', 'reservationBonus'];

const declaresEarning = (features: unknown) =>
  Array.isArray(features) && features.some((f) => EARNING_FEATURES.includes(f as ContentFeature));

/** A link about earning: it declares an earning feature, or leads to an earn page whose entry declares one. */
export function isEarningLink(item: { url?: unknown; features?: unknown }, earnDetails: readonly { fields: unknown }[]): boolean {
  if (declaresEarning(item.features)) return true;
  if (typeof item.url !== 'string') return false;
  const earn = /^\/earn\/([^/?#]+)\/?(?:[?#]|$)/i.exec(item.url.trim());
  if (!earn) return false;
  const slug = (earn[1] ?? '').toLowerCase();
  return earnDetails.some(
    (entry) =>
      isObject(entry.fields) &&
      typeof entry.fields.url === 'string' &&
      earnSlugOf(entry.fields.url) === slug &&
      declaresEarning(entry.fields.features),
  );
}

/** The links of a CMS list a visitor is offered: a closed account is not offered links about earning. */
export function linksOffered<T extends { url?: unknown; features?: unknown }>(
  links: readonly T[],
  closedAccount: boolean,
  earnDetails: readonly { fields: unknown }[],
): readonly T[] {
  return closedAccount ? links.filter((link) => !isEarningLink(link, earnDetails)) : links;
}

// ---- what the checks report -------------------------------------------------------------------

/** Partner settings that hold amounts, and the words that tell which amount a sentence is about. */
interface AmountSetting {
  placeholder: string;
  /** The amount, in an editor's words. */
  amount: string;
  about: RegExp;
}
const BONUS_SETTINGS: readonly AmountSetting[] = [
  { placeholder: 'newMemberBonus', amount: 'the bonus for new members', about: /\b(new members?|joining|welcome)\b/i },
  { placeholder: 'reservationBonus', amount: 'the bonus for booking a table', about: /\b(book(?:ing)?|reserv\w*)\b/i },
  { placeholder: 'referralBonus', amount: 'the bonus for inviting a friend', about: /\b(friends?|refer\w*|invite\w*)\b/i },
];
const TYPED_BONUS = /(?:^|[^\w{$])(\$?\d[\d,.]*) bonus\b/;
const TYPED_EARN_RATE = /\b\d+(?:\.\d+)?%|\b\d+ (?:\{currency\}|miles?|points?|[a-z]+ points) per \$\d+|\$\d+ in \{currency\}/i;
const TYPED_VIP_DINES = /\b\d+ (?:times|dines|visits)\b[^.]*\b(?:year|VIP)\b|\bVIP\b[^.]*\b\d+ (?:times|dines|visits)\b/i;

/** A mention of a feature the programme does not offer: what is wrong and the two ways out. */
const mentionMessage = (mention: string, words: string) =>
  `This text mentions “${mention}”, but this programme does not offer ${words}, so members would be promised something they cannot use. Reword it, or tick “${capitalised(words)}” under “Only where the programme has” so that only programmes offering it show this.`;

/** A link to a page the site does not have: members who follow it would land on Not Found. */
const deadLinkMessage = (href: string) =>
  `This links to ${href}, a page this site does not have, so members would land on “Not found”. Choose a page this site has, or remove the link.`;

export interface ContentSource {
  /** File or entry, as problems name it. */
  source: string;
  /** JSON pointer of the entry's fields (or of the copy key) in that source. */
  pointer: string;
}

/** HTML text without tags, for matching words (links are checked separately). */
const textOf = (value: string) => value.replace(/<[^>]*>/g, ' ');
const HREF = /\bhref\s*=\s*["']([^"']+)["']/gi;

function sentenceProblems(text: string, at: ContentSource): Problem[] {
  const problems: Problem[] = [];
  for (const sentence of textOf(text).split(/(?<=[.!?:])\s+|\n/)) {
    if (TYPED_BONUS.test(sentence)) {
      const kind = BONUS_SETTINGS.find((b) => b.about.test(sentence));
      if (kind) {
        problems.push({
          ...at,
          message: `This text types ${kind.amount} as a number, but that amount is set for the whole programme and can change. Write {${kind.placeholder}} instead: members see the current amount.`,
        });
      }
    }
    if (TYPED_EARN_RATE.test(sentence)) {
      problems.push({
        ...at,
        message:
          'This text types an earn rate as a number, but earn rates are set for the whole programme and can change. Write {earnRateTier0}, {earnRateTier2} or {earnRateTier3} instead (the rate of tier 0, 2 or 3 members): members see the current rate.',
      });
    }
    if (TYPED_VIP_DINES.test(sentence)) {
      problems.push({
        ...at,
        message:
          'This text types how many dines VIP status needs as a number, but that number is set for the whole programme and can change. Write {vipDines} instead: members see the current number.',
      });
    }
  }
  return problems;
}

/**
 * Problems of one string shown to members: a mention of a switched-off feature that
 * the content does not declare, a link to a page the partner does not have, a typed amount.
 */
function textProblems(
  text: string,
  declared: ReadonlySet<ContentFeature>,
  at: ContentSource,
  context: LinkContext,
  options: { links: boolean },
): Problem[] {
  const problems: Problem[] = [];
  const plain = textOf(text);
  for (const feature of CONTENT_FEATURES) {
    const rule = FEATURES[feature];
    if (!rule.mentions || declared.has(feature) || rule.on(context.config)) continue;
    const match = rule.mentions.exec(plain);
    if (match) {
      problems.push({
        ...at,
        message: mentionMessage(match[0], rule.words),
      });
    }
  }
  if (options.links) {
    for (const match of text.matchAll(HREF)) {
      const href = match[1] ?? '';
      if (!linkReachable(href, context)) {
        problems.push({ ...at, message: deadLinkMessage(href) });
      }
    }
  }
  problems.push(...sentenceProblems(text, at));
  return problems;
}

/**
 * Links in HTML to pages this partner lacks, anywhere in `value`. Legal text is worded by lawyers and
 * not checked for mentions, but a dead link in it is still a dead link for the member who follows it.
 */
function deadLinkProblems(value: unknown, pointer: string, source: string, context: LinkContext): Problem[] {
  if (typeof value === 'string') {
    return [...value.matchAll(HREF)]
      .map((match) => match[1] ?? '')
      .filter((href) => !linkReachable(href, context))
      .map((href) => ({ source, pointer, message: deadLinkMessage(href) }));
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => deadLinkProblems(item, `${pointer}/${i}`, source, context));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, item]) => deadLinkProblems(item, `${pointer}/${escapePointer(key)}`, source, context));
}

/**
 * Whether members of this partner are shown a group at all: the activation and account-centre
 * groups need enrolment, the general pop-up a generalModalType, the home group either the default
 * home page or an account centre (its bonus banners). Legal text is reviewed by lawyers, not here.
 */
export function groupShown(contentName: CmsContentName, config: LinkContext['config']): boolean {
  const enrolment = config.enrollmentType !== 'none';
  switch (contentName) {
    case 'tier_1_activation':
    case 'account_center':
      return enrolment;
    case 'popup':
      return config.generalModalType != null;
    case 'home':
      return enrolment || !(config.homePage === 'discover' && config.hasDiscoverPage);
    case 'discover':
      return config.hasDiscoverPage;
    case 'legal':
      return false;
    default:
      return true;
  }
}

/** Field names that are not member-facing words (identifiers, settings, images). */
const NOT_TEXT = new Set([
  'features',
  'user_states',
  'type',
  'category',
  'image',
  'slug',
  'id',
  'new_tab',
  'is_enabled',
  'order',
  'days_to_display',
  'app_only_bonus',
  'url_allow_list',
  'url_disallow_list',
  'copy',
]);

/**
 * What one CMS entry shows the partner's members that contradicts the partner's settings. An entry
 * hidden by its own declared features is not shown, so it has no problems; inside it, list items
 * declare their own features and a link item to a page the partner lacks is reported (members do
 * not see it; the editor should remove it or declare why).
 */
export function entryContentProblems(
  contentName: CmsContentName,
  entry: { slug: string; fields: unknown },
  at: ContentSource,
  context: LinkContext,
): Problem[] {
  if (contentName === 'legal' && isObject(entry.fields)) return deadLinkProblems(entry.fields, at.pointer, at.source, context);
  if (entry.slug === LAYOUT_SLUG || !isObject(entry.fields) || !groupShown(contentName, context.config)) return [];
  if (contentName === '*' && entry.slug === 'copy') return [];
  const fields = entry.fields;
  if (missingFeatures(fields.features, context.config).length) return [];
  const problems: Problem[] = [];
  const walk = (value: unknown, pointer: string, declared: ReadonlySet<ContentFeature>, key: string) => {
    if (typeof value === 'string') {
      if (NOT_TEXT.has(key)) return;
      if (key === 'url' || key.endsWith('_url')) {
        if (!linkReachable(value, context)) {
          problems.push({
            source: at.source,
            pointer,
            message: deadLinkMessage(value),
          });
        }
        return;
      }
      problems.push(...textProblems(value, declared, { source: at.source, pointer }, context, { links: true }));
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${pointer}/${i}`, declared, key));
      return;
    }
    if (!isObject(value)) return;
    const own = Array.isArray(value.features) ? value.features.filter(isFeature) : [];
    if (own.some((f) => !featureOn(f, context.config))) return;
    const next = own.length ? new Set([...declared, ...own]) : declared;
    for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${escapePointer(k)}`, next, k);
  };
  const declared = new Set(Array.isArray(fields.features) ? fields.features.filter(isFeature) : []);
  for (const [k, v] of Object.entries(fields)) walk(v, `${at.pointer}/${escapePointer(k)}`, declared, k);
  return problems;
}

const CURRENCY_VARIANTS = ['mile', 'point', 'dollar', 'credit'];

/**
 * What a partner's copy shows that contradicts its settings: a key whose feature is off but which
 * the partner (or its CMS copy entry) writes anyway ("a copy variant for a missing feature"), and a
 * key shown to its members that mentions a switched-off feature or types an amount a setting holds.
 * `sources` says where each key's text comes from for this partner (base file, partner file, CMS).
 */
export function copyProblems(
  copy: Readonly<Record<string, string>>,
  sources: Readonly<Record<string, ContentSource & { own: boolean }>>,
  context: LinkContext,
  currencyType: PartnerConfig['currencyType'],
): Problem[] {
  const problems: Problem[] = [];
  for (const [key, text] of Object.entries(copy)) {
    const at = sources[key];
    // The editor's own words are never shown to members.
    if (!at || key.startsWith('editor.')) continue;
    const suffix = key.slice(key.lastIndexOf('.') + 1);
    // A variant for another currency is never shown to this partner.
    if (CURRENCY_VARIANTS.includes(suffix) && suffix !== currencyType.toLowerCase()) continue;
    const needs = copyKeyFeatures(key);
    const off = needs.filter((f) => !featureOn(f, context.config));
    if (off.length) {
      if (at.own) {
        const feature = off[0]!;
        problems.push({
          source: at.source,
          pointer: at.pointer,
          message: `This wording is only shown with ${FEATURES[feature].words}, which this programme does not offer, so no member ever sees it. Remove it.`,
        });
      }
      continue;
    }
    problems.push(...textProblems(text, new Set(needs), at, context, { links: false }));
  }
  return problems;
}
