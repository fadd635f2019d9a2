// Which schema checks a CMS entry: one answer for the editor API (on save) and the seed (and so
// `npm run validate`), so an entry the seed takes is one an editor can save, and the reverse.
import type { CmsContentName } from './cms.ts';
import { cmsEntryValidatorName } from './cms-validator-names.ts';
import * as validators from './generated/validators.js';
import type { ValidateFn } from './generated/validators.js';

export { cmsEntryValidatorName } from './cms-validator-names.ts';

/** The validator of one entry's fields (see cmsEntryValidatorName for which one). */
export function cmsEntryValidator(contentName: CmsContentName, slug: string): ValidateFn<unknown> {
  const name = cmsEntryValidatorName(contentName, slug);
  const validator = (validators as unknown as Record<string, ValidateFn<unknown> | undefined>)[name];
  if (!validator) throw new Error(`no generated validator ${name} for CMS group ${contentName}: run npm run gen`);
  return validator;
}
