// A partner as the app sees it: configuration, theme, copy and page overrides, all validated.
import type { CopyCatalogue, PageLayout, PartnerConfig, PartnerTheme } from './generated/types.ts';
import type { PlaceholderValues } from './copy.ts';

export interface PartnerBundle {
  id: string;
  config: PartnerConfig;
  theme: PartnerTheme;
  copy: CopyCatalogue;
  /** Default layouts of the non-CMS screens (partners/_base/pages, patched per partner). */
  pages: Record<string, PageLayout>;
}

/** Defaults of the amount settings (partners/_base/partner.json has the same). */
export const DEFAULT_EARN_RATES = { tier0: '1 {currency} per $2', tier2: '3 {currency} per $1', tier3: '5 {currency} per $1' } as const;
export const DEFAULT_BONUS_AMOUNTS = { newMember: 1000, reservation: 50, referral: 1000 } as const;
export const DEFAULT_VIP_DINES = 11;

/** A bonus amount as content writes it: "1,000" (miles, points) or "$10" (Dollar and Credit partners). */
export function formatAmount(currencyType: PartnerConfig['currencyType'], amount: number): string {
  if (currencyType === 'Dollar' || currencyType === 'Credit') {
    return `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;
  }
  return Math.round(amount).toLocaleString('en-US');
}

export function placeholdersFor(partner: Pick<PartnerBundle, 'config'>, now = new Date()): PlaceholderValues {
  const c = partner.config;
  const rates = c.earnRates ?? DEFAULT_EARN_RATES;
  const bonuses = c.bonusAmounts ?? DEFAULT_BONUS_AMOUNTS;
  return {
    currency: c.currencyName,
    programName: c.programName,
    partnerName: c.name,
    partnerNumberLabel: c.partnerNumberLabel,
    earnLevels: c.earnLevels,
    currentYear: String(now.getFullYear()),
    staySignedInLabel: c.staySignedInLabel,
    earnRateTier0: rates.tier0,
    earnRateTier2: rates.tier2,
    earnRateTier3: rates.tier3,
    newMemberBonus: formatAmount(c.currencyType, bonuses.newMember),
    reservationBonus: formatAmount(c.currencyType, bonuses.reservation),
    referralBonus: formatAmount(c.currencyType, bonuses.referral),
    specialBonus: formatAmount(c.currencyType, c.bonusAmounts?.special ?? 0),
    vipDines: String(c.vipDinesRequired ?? DEFAULT_VIP_DINES),
  };
}

/** Partner boolean settings, as `when.flags` and the frame read them. */
export function partnerFlags(config: PartnerConfig): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(config)) if (typeof value === 'boolean') flags[key] = value;
  return flags;
}

/** Where a visitor signs in: sso partners through the /Login variant (spec 000 §2). */
export function signInPath(enrollmentType: PartnerConfig['enrollmentType']): '/Login' | '/login' {
  return enrollmentType === 'sso' ? '/Login' : '/login';
}
