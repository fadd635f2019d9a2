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

export function placeholdersFor(partner: PartnerBundle, now = new Date()): PlaceholderValues {
  const c = partner.config;
  return {
    currency: c.currencyName,
    programName: c.programName,
    partnerName: c.name,
    partnerNumberLabel: c.partnerNumberLabel,
    earnLevels: c.earnLevels,
    currentYear: String(now.getFullYear()),
    staySignedInLabel: c.staySignedInLabel,
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
