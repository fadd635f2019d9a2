// The editor loads an entry's validator by name (cms-validator-names.ts); the server and the seed
// use the validator itself (cms-validators.ts): both must pick the same, existing one for every group,
// and it must be the one generated from that group's schema file.
import { describe, expect, it } from 'vitest';
import * as validators from '#shared/generated/validators.js';
import { CMS_CONTENT_NAMES, LAYOUT_SLUG } from '#shared/cms.ts';
import { cmsEntryValidator, cmsEntryValidatorName } from '#shared/cms-validators.ts';
import { splitValidatorNames } from '#shared/generated/validators/index.js';

describe('cmsEntryValidatorName', () => {
  it('names a generated validator, the one cmsEntryValidator uses, for every group and both kinds of home/discover entry', () => {
    for (const group of CMS_CONTENT_NAMES) {
      for (const slug of [LAYOUT_SLUG, 'some-banner']) {
        const name = cmsEntryValidatorName(group, slug);
        expect((validators as Record<string, unknown>)[name], `${group}/${slug}`).toBeTypeOf('function');
        expect((validators as Record<string, unknown>)[name], `${group}/${slug}`).toBe(cmsEntryValidator(group, slug));
        expect(splitValidatorNames, `${group}/${slug}`).toContain(name);
      }
    }
  });

  it("checks a group's entries with its own schema: an announcement without its copy is refused, a popup's fields are not taken for it", () => {
    const announcement = cmsEntryValidator('announcement_banner', 'x');
    expect(announcement({ tooltip_copy: 'only a tooltip' })).toBe(false);
    expect(announcement({ banner_copy: [{ type: 'text', copy: 'Hello' }] })).toBe(true);
    expect(cmsEntryValidatorName('*', 'x')).toBe('validateCmsGlobal');
    expect(cmsEntryValidatorName('tier_1_activation', 'x')).toBe('validateCmsTier1Activation');
  });
});
