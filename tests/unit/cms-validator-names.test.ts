// The editor loads an entry's validator by name (cms-validator-names.ts); the server and the seed
// use the validator itself (cms-validators.ts): both must pick the same one for every group.
import { describe, expect, it } from 'vitest';
import * as validators from '#shared/generated/validators.js';
import { CMS_CONTENT_NAMES, LAYOUT_SLUG } from '#shared/cms.ts';
import { cmsEntryValidator, cmsEntryValidatorName } from '#shared/cms-validators.ts';
import { splitValidatorNames } from '#shared/generated/validators/index.js';

describe('cmsEntryValidatorName', () => {
  it('names the validator cmsEntryValidator uses, for every group and both kinds of home/discover entry', () => {
    for (const group of CMS_CONTENT_NAMES) {
      for (const slug of [LAYOUT_SLUG, 'some-banner']) {
        const name = cmsEntryValidatorName(group, slug);
        expect((validators as Record<string, unknown>)[name], `${group}/${slug}`).toBe(cmsEntryValidator(group, slug));
        expect(splitValidatorNames, `${group}/${slug}`).toContain(name);
      }
    }
  });
});
