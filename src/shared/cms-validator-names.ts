// The name of the generated validator that checks a CMS entry. `npm run gen` names the validator of
// `schemas/cms/<group>.schema.json` `validateCms<Group>` (tools/schemas.ts), so the name follows from
// the group: no table to keep in step with the schemas. The page editor loads the validator by this
// name, on demand, from src/shared/generated/validators/; the server and the seed look it up by the
// same name (cms-validators.ts). tests/unit/editor-and-server-pick-the-same-generated-cms-validator.test.ts proves every group's exists.
import { LAYOUT_SLUG, type CmsContentName } from './cms.ts';

const pascal = (words: string) =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/**
 * On home and discover the page-layout entry is a layout and every other entry a banner (checking
 * the one shape that applies reports that shape's problems only, not a mix of the group schema's
 * anyOf branches). The global group `*` has its schema in `global.schema.json`.
 */
export function cmsEntryValidatorName(contentName: CmsContentName, slug: string): string {
  if (contentName === 'home' || contentName === 'discover') return slug === LAYOUT_SLUG ? 'validateLayout' : 'validateCmsBanner';
  return `validateCms${pascal(contentName === '*' ? 'global' : contentName)}`;
}
