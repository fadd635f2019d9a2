// The account overview's rules (spec 001 §2 "Account overview", §4 bonus and dining progress, §9):
// pure functions, unit-tested in overview.test.ts.
import type { Bonus, CmsBannerFields, CmsPage, DiningProgress, Member, PartnerConfig } from '#shared/generated/types.ts';

/** Spec 001 §4, §9: an activation is remembered locally for about 35 minutes. */
export const BONUS_MEMORY_MS = 2_100_000;
/** Spec 001 §9: special bonuses for members enrolled through a source, within 90 days of joining. */
export const SPECIAL_BONUS_WINDOW_HOURS = 2160;
/** Spec 001 §9: the visit meter's default maximum. */
export const VISIT_METER_DEFAULT_MAX = 11;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Dollars with two decimals and grouping, e.g. 1,234.50 (no currency sign). */
export const twoDecimals = (value: number): string => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rewards this year: dollars for Dollar and Credit partners, a plain number otherwise. */
export function formatRewards(currencyType: PartnerConfig['currencyType'], amount: number): string {
  if (currencyType === 'Dollar' || currencyType === 'Credit') return `$${twoDecimals(amount)}`;
  return Math.round(amount).toLocaleString('en-US');
}

export type ProgressStage = 'building' | 'renewing' | 'complete';

export function progressStage(progress: DiningProgress): ProgressStage {
  if (progress.status === 'Qualified') return 'complete';
  if (progress.status === 'QualifiedAndBuilding') return 'renewing';
  return 'building';
}

/** Renewing or Complete aim at next year (spec 001 §4); Building at this one. */
export function targetYear(progress: DiningProgress, now: Date): number {
  const year = now.getFullYear();
  return progressStage(progress) === 'building' ? year : year + 1;
}

/**
 * The year a VIP member is VIP through: a member who qualified this year (Complete) is VIP through
 * next year; one renewing or still building keeps the status earned last year, through this one.
 */
export function vipThroughYear(progress: DiningProgress | undefined, now: Date): number {
  return progress && progressStage(progress) === 'complete' ? now.getFullYear() + 1 : now.getFullYear();
}

/** The visit meter: filled squares out of the dines required (0..max). */
export function visitMeter(progress: DiningProgress): { filled: number; max: number } {
  const max = progress.dinesRequired > 0 ? progress.dinesRequired : VISIT_METER_DEFAULT_MAX;
  const filled = Math.min(max, Math.max(0, max - progress.remainingDines));
  return { filled, max };
}

/** Which membership line the status summary shows. */
export function membershipKind(tierLevel: number, hasVIP = true): 'optedOut' | 'optedIn' | 'vip' {
  // Without a VIP programme tier 3 cannot mean VIP: such a member is at the highest level there is.
  if (tierLevel >= 3) return hasVIP ? 'vip' : 'optedIn';
  if (tierLevel === 2) return 'optedIn';
  return 'optedOut';
}

/** The join link a member shares: the campaign parameters and their public id as the referrer. */
export function referralLink(origin: string, publicId: string): string {
  const params = new URLSearchParams({
    utm_source: 'member_referral',
    utm_medium: 'referral_link',
    utm_campaign: 'refer_a_friend',
    referrer: publicId,
  });
  return `${origin}/join?${params.toString()}`;
}

// ---- the 35-minute local memory of activations ----

/** One member's remembered activations: code -> when (ms). */
export type BonusMemory = Record<string, number>;

/**
 * What localStorage holds: per member (public id), code -> when it was activated here. Keyed by
 * member because every member is offered the same codes: on a shared browser, one member's
 * activation must not show as another's.
 */
type StoredMemory = Record<string, BonusMemory>;

const fresh = (at: unknown, now: number): at is number => typeof at === 'number' && now - at >= 0 && now - at < BONUS_MEMORY_MS;

/** Every member's entries younger than the memory window (anything unreadable is dropped). */
function liveStore(raw: string | null, now: number): StoredMemory {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const store: StoredMemory = {};
    for (const [publicId, entries] of Object.entries(parsed)) {
      if (typeof entries !== 'object' || entries === null) continue;
      const live: BonusMemory = {};
      for (const [code, at] of Object.entries(entries)) if (fresh(at, now)) live[code] = at;
      if (Object.keys(live).length) store[publicId] = live;
    }
    return store;
  } catch {
    return {};
  }
}

/** This member's activations younger than the memory window. */
export function liveMemory(raw: string | null, publicId: string, now: number): BonusMemory {
  return liveStore(raw, now)[publicId] ?? {};
}

/** The stored value after this member activated `code` now (expired entries of anyone dropped). */
export function rememberActivation(raw: string | null, publicId: string, code: string, now: number): string {
  const store = liveStore(raw, now);
  store[publicId] = { ...store[publicId], [code]: now };
  return JSON.stringify(store);
}

// ---- special bonuses ----

/**
 * Spec 001 §9: one airline partner always has a fixed app-only bonus; another adds one for members
 * enrolled through a particular source within 90 days of joining. Which partner and which source
 * is partner configuration (specialBonus); the bonus's banner (CMS, slug = code) marks it app-only.
 */
export function specialBonuses(member: Member, config: PartnerConfig, now: Date): Bonus[] {
  const special = config.specialBonus;
  if (!special) return [];
  if (member.activeBonuses?.some((b) => b.code === special.code)) return [];
  const joined = member.joinDate ? new Date(member.joinDate) : null;
  if (special.enrollmentSource !== undefined) {
    if (member.enrollmentSource !== special.enrollmentSource || !joined || Number.isNaN(joined.getTime())) return [];
    if (now.getTime() - joined.getTime() > SPECIAL_BONUS_WINDOW_HOURS * HOUR_MS) return [];
  }
  const created = joined && !Number.isNaN(joined.getTime()) ? joined : now;
  return [
    {
      code: special.code,
      bonusStatus: 'Eligible',
      createDateUtc: created.toISOString(),
      description: '',
      isNewMemberBonus: false,
      memberIsEligibleForNMB: false,
    },
  ];
}

// ---- bonus banners ----

export interface BonusBanner {
  bonus: Bonus;
  /** The CMS banner (home group, category bonus, slug = code); absent when there is none. */
  fields: Partial<CmsBannerFields> | null;
  activated: boolean;
  appOnly: boolean;
  order: number;
}

function bannerFields(entries: readonly CmsPage[], code: string): Partial<CmsBannerFields> | null {
  const entry = entries.find((e) => e.slug === code && (e.fields as { category?: unknown }).category === 'bonus');
  return entry ? (entry.fields as Partial<CmsBannerFields>) : null;
}

/**
 * The banners to show: every offered bonus within its banner's days_to_display (when a whole
 * number) of the create date, and whose banner's user_states name one of the member's states (as
 * for every CMS banner), split into Available (Eligible, not remembered as activated) and
 * Activated (Enrolled, Qualified, or activated here within the memory window), each in the
 * banners' order.
 */
export function bonusBanners(
  bonuses: readonly Bonus[],
  entries: readonly CmsPage[],
  memory: BonusMemory,
  now: Date,
  userStates: readonly string[],
): { available: BonusBanner[]; activated: BonusBanner[] } {
  const banners: BonusBanner[] = [];
  for (const bonus of bonuses) {
    const fields = bannerFields(entries, bonus.code);
    const states = fields?.user_states;
    if (Array.isArray(states) && !states.some((state) => userStates.includes(state))) continue;
    const days = fields?.days_to_display;
    if (typeof days === 'number' && Number.isInteger(days)) {
      const created = new Date(bonus.createDateUtc).getTime();
      if (Number.isNaN(created) || now.getTime() - created > days * DAY_MS) continue;
    }
    const activated = bonus.bonusStatus !== 'Eligible' || memory[bonus.code] !== undefined;
    banners.push({ bonus, fields, activated, appOnly: fields?.app_only_bonus === true, order: fields?.order ?? Number.MAX_SAFE_INTEGER });
  }
  banners.sort((a, b) => a.order - b.order);
  return { available: banners.filter((b) => !b.activated), activated: banners.filter((b) => b.activated) };
}
