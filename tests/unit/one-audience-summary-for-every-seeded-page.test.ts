// One audience, one summary: for every seeded page layout (home, discover) of every partner, the
// outline's "who sees it" of each banner agrees with what the all-states grid shows, member state by
// member state: the member page's own resolver places the block (its `when`) and the banner shows
// only to its entry's user_states. Where the block and its entry disagree, the editor says so.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import copy from '../../partners/_base/copy.json';
import { loadCmsSeed } from '#server/seed/cms.ts';
import { listPartnerIds, loadPartner } from '#server/partners/registry.ts';
import { partnerFlags } from '#shared/partner.ts';
import { resolvePage } from '#shared/page/resolve.ts';
import { blockPropsValidators } from '#shared/generated/block-validators.js';
import { validateLayout } from '#shared/generated/validators.js';
import { userStatesOf, type EnrollmentType, type Visitor } from '#shared/visitor.ts';
import { LAYOUT_SLUG } from '#shared/cms.ts';
import { PLACEHOLDERS, type PlaceholderValues } from '#shared/copy.ts';
import type { BlockCondition } from '#shared/generated/types.ts';
import { format, type Translate } from '#client/editor/copy.tsx';
import { blockAudience } from '#client/editor/audience.ts';
import { MEMBER_STATES } from '#client/editor/preview/Preview.tsx';

const t: Translate = (key, vars) => format(copy as Record<string, string>, key, vars);
const partnersDir = join(import.meta.dirname, '../../partners');
const NOW = new Date('2026-06-01T12:00:00Z');
const KIND_WORDS = {
  anonymous: t('editor.visitor.anonymous'),
  cardMember: t('editor.visitor.cardMember'),
  nonCardMember: t('editor.visitor.nonCardMember'),
  closedAccount: t('editor.visitor.closedAccount'),
  knownMember: t('editor.visitor.knownMember'),
} as const;
const NO_PLACEHOLDERS = Object.fromEntries(PLACEHOLDERS.map((name) => [name, ''])) as PlaceholderValues;

describe('who sees a banner', () => {
  it('reads the same in the outline as in the all-states grid, for every seeded page of every partner', () => {
    let compared = 0;
    for (const partnerId of listPartnerIds(partnersDir)) {
      const { bundle } = loadPartner(partnersDir, partnerId);
      if (!bundle) throw new Error(`partner ${partnerId} does not load`);
      const context = { enrollmentType: bundle.config.enrollmentType as EnrollmentType, flags: partnerFlags(bundle.config), now: NOW };
      const { entries } = loadCmsSeed(partnersDir, partnerId);
      for (const page of ['home', 'discover'] as const) {
        const layout = entries.find((e) => e.contentName === page && e.slug === LAYOUT_SLUG)?.fields as
          | { blocks: Record<string, { type: string; props?: { slug?: string; group?: string }; when?: BlockCondition }>; order: string[] }
          | undefined;
        if (!layout) continue;
        for (const id of layout.order) {
          const block = layout.blocks[id];
          if (block?.type !== 'cms-banner') continue;
          const entry = entries.find((e) => e.contentName === (block.props?.group ?? 'home') && e.slug === block.props?.slug);
          const userStates = (entry?.fields.user_states as string[] | undefined) ?? [];

          // The grid: each member state's page, as the member app decides it.
          const seenBy = MEMBER_STATES.filter(({ visitor: state }) => {
            const visitor: Visitor = { ...state, ...context, nativeApp: false, pwa: false };
            const resolved = resolvePage({
              layout,
              source: `${partnerId}/${page}`,
              validators: blockPropsValidators,
              validateLayout,
              visitor,
              placeholders: NO_PLACEHOLDERS,
            });
            const placed = resolved.blocks.some((b) => b.id === id && b.status === 'ok');
            return placed && userStatesOf(visitor).some((s) => userStates.includes(s));
          });

          // The outline: its sentence names exactly the kinds of member who see the banner.
          const { sentence } = blockAudience(block.when, userStates, context, t);
          const where = `${partnerId} ${page} ${id}: "${sentence}"`;
          if (seenBy.length === MEMBER_STATES.length) expect(sentence, where).toBe(t('editor.when.everyone'));
          else if (seenBy.length === 0) expect(sentence, where).toBe(t('editor.audience.nobodySees'));
          else {
            for (const [kind, words] of Object.entries(KIND_WORDS)) {
              const sees = seenBy.some((s) => s.visitor.kind === kind);
              // "members without a card" contains no other kind's words, and "card members" is checked as a word.
              const named = new RegExp(`(^|[^a-z])${words}`).test(sentence.replace(KIND_WORDS.nonCardMember, '#'));
              expect(kind === 'nonCardMember' ? sentence.includes(words) : named, `${where} names ${kind}`).toBe(sees);
            }
            const cardTiers = seenBy.filter((s) => s.visitor.kind === 'cardMember').map((s) => s.visitor.tier);
            if (cardTiers.length > 0 && cardTiers.length < 3) {
              for (const tier of cardTiers) expect(sentence, where).toContain(String(tier));
            }
          }
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(15);
  });

  it('says so where the block and its entry disagree', () => {
    const context = { enrollmentType: 'direct' as const, flags: {}, now: NOW };
    const nobody = blockAudience({ visitor: ['cardMember'] }, ['anonymous'], context, t);
    expect(nobody.sentence).toBe('Shown to nobody');
    expect(nobody.conflict).toBe('Nobody sees this block: it is shown to card members, but its entry only to anonymous visitors.');
    const narrowed = blockAudience({ visitor: ['cardMember', 'anonymous'] }, ['tier_3'], context, t);
    expect(narrowed.sentence).toBe('Shown to card members at tier 3');
    expect(narrowed.conflict).toMatch(/^Its entry limits it to card members at tier 3/);
    // The banner: "Shown to everyone" on the block, visitors only in its entry.
    expect(blockAudience(undefined, ['anonymous'], context, t)).toEqual({ sentence: 'Shown to anonymous visitors', conflict: null });
  });
});
