// Which schema checks a CMS entry: one answer for the editor API (on save) and the seed (and so
// `npm run validate`), so an entry the seed takes is one an editor can save, and the reverse.
import { LAYOUT_SLUG, type CmsContentName } from './cms.ts';
import {
  validateCmsAccountCenter,
  validateCmsAnnouncementBanner,
  validateCmsBanner,
  validateCmsEarnBanner,
  validateCmsEarnDetails,
  validateCmsGlobal,
  validateCmsLegal,
  validateCmsPopup,
  validateCmsSidebar,
  validateCmsSurveys,
  validateCmsTier1Activation,
  validateLayout,
  type ValidateFn,
} from './generated/validators.js';

export { cmsEntryValidatorName } from './cms-validator-names.ts';

/** Validators of the groups whose entries all share one shape; home and discover depend on the slug. */
const BY_GROUP: Readonly<Record<Exclude<CmsContentName, 'home' | 'discover'>, ValidateFn<unknown>>> = {
  '*': validateCmsGlobal as ValidateFn<unknown>,
  tier_1_activation: validateCmsTier1Activation as ValidateFn<unknown>,
  surveys: validateCmsSurveys as ValidateFn<unknown>,
  account_center: validateCmsAccountCenter as ValidateFn<unknown>,
  announcement_banner: validateCmsAnnouncementBanner as ValidateFn<unknown>,
  earn_details: validateCmsEarnDetails as ValidateFn<unknown>,
  earn_banner: validateCmsEarnBanner as ValidateFn<unknown>,
  popup: validateCmsPopup as ValidateFn<unknown>,
  sidebar: validateCmsSidebar as ValidateFn<unknown>,
  legal: validateCmsLegal as ValidateFn<unknown>,
};

/**
 * The validator of one entry's fields. On home and discover the page-layout entry holds a layout and
 * every other entry is a banner: checking the one branch that applies (rather than the group
 * schema's anyOf) reports the problems of that shape only, not a mix of both branches' complaints.
 */
export function cmsEntryValidator(contentName: CmsContentName, slug: string): ValidateFn<unknown> {
  if (contentName === 'home' || contentName === 'discover') {
    return (slug === LAYOUT_SLUG ? validateLayout : validateCmsBanner) as ValidateFn<unknown>;
  }
  return BY_GROUP[contentName];
}
