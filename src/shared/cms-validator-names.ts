// The name of the generated validator that checks a CMS entry (see cms-validators.ts, which holds the
// validators themselves): the page editor loads it by this name, on demand, from
// src/shared/generated/validators/, without loading every validator. tests/unit/cms-validator-names.test.ts
// proves both answer alike.
import { LAYOUT_SLUG, type CmsContentName } from './cms.ts';

/** On home and discover the page-layout entry is a layout and every other entry a banner. */
export function cmsEntryValidatorName(contentName: CmsContentName, slug: string): string {
  if (contentName === 'home' || contentName === 'discover') return slug === LAYOUT_SLUG ? 'validateLayout' : 'validateCmsBanner';
  return BY_GROUP_NAME[contentName];
}

const BY_GROUP_NAME: Readonly<Record<Exclude<CmsContentName, 'home' | 'discover'>, string>> = {
  '*': 'validateCmsGlobal',
  tier_1_activation: 'validateCmsTier1Activation',
  surveys: 'validateCmsSurveys',
  account_center: 'validateCmsAccountCenter',
  announcement_banner: 'validateCmsAnnouncementBanner',
  earn_details: 'validateCmsEarnDetails',
  earn_banner: 'validateCmsEarnBanner',
  popup: 'validateCmsPopup',
  sidebar: 'validateCmsSidebar',
  legal: 'validateCmsLegal',
};
