// The publish check's problems about partner settings are read by content editors: each says what
// is wrong and what to do in their words, with no setting names or JSON, and the box it tells them
// to tick is labelled in the editor exactly as the message calls it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_FEATURES, entryContentProblems, featureLabel, linkContext } from '#shared/content-features.ts';
import type { PartnerConfig } from '#shared/generated/types.ts';

const root = resolve(import.meta.dirname, '../..');
const copy = JSON.parse(readFileSync(resolve(root, 'partners/_base/copy.json'), 'utf8')) as Record<string, string>;
const config = (over: Partial<PartnerConfig>): PartnerConfig => ({
  ...(JSON.parse(readFileSync(resolve(root, 'partners/_base/partner.json'), 'utf8')) as PartnerConfig),
  ...over,
});

describe('settings problems in an editor’s words', () => {
  it('name each feature as its box in the editor is labelled', () => {
    expect(copy['editor.field.features']).toBe('Only where the programme has');
    for (const feature of CONTENT_FEATURES) expect(copy[`editor.option.features.${feature}`], feature).toBe(featureLabel(feature));
  });

  it('say what is wrong and what to do, without setting names', () => {
    const context = linkContext(config({ hasVIP: false, openTableReservationsEnabled: false }), [], { production: true });
    const messages = entryContentProblems(
      'earn_details',
      {
        slug: 'night',
        fields: {
          url: 'night',
          banner_text: 'VIP members earn 5 miles per $1. Book a table for a $10 bonus when joining. Dine 12 times a year for VIP.',
          main_column: '<p><a href="/earn/nowhere">More</a></p>',
        },
      },
      { source: 'cms:greenleaf', pointer: '' },
      context,
    ).map((p) => p.message);
    expect(messages.length).toBeGreaterThanOrEqual(5);
    for (const message of messages) {
      expect(message).toMatch(/^This (text|links) /);
      expect(message).toMatch(/\. (Reword|Write|Choose|Remove) [^.]*\.$/);
      expect(message).not.toMatch(/\bhas[A-Z]|enrollmentType|earnRates|bonusAmounts|vipDinesRequired|features:|\(vip\)|\bpartner\b/);
    }
    expect(messages).toContain(
      'This text types an earn rate as a number, but earn rates are set for the whole programme and can change. Write {earnRateTier0}, {earnRateTier2} or {earnRateTier3} instead (the rate of tier 0, 2 or 3 members): members see the current rate.',
    );
  });
});
