// The server checks each layout it inlines into the page (the layout schema, then the props of every
// block it places) and lists those that pass in the bootstrap's `checkedLayouts`; the client renders
// only those without its validators. A layout with a fault anywhere is left off, so the client checks
// it itself and reports the fault with its pointer.
import { describe, expect, it } from 'vitest';
import { checkedLayoutKeys, layoutPassesCheck } from '#server/checked-layouts.ts';
import { LAYOUT_SLUG } from '#shared/cms.ts';
import type { CmsPagesResponse, PageLayout } from '#shared/generated/types.ts';

const good: PageLayout = {
  version: 1,
  title: 'Home',
  blocks: {
    heading: { type: 'page-heading', props: { title: 'Dine with {programName}' } },
    more: { type: 'browse-link', props: { text: 'See every restaurant', to: '/search' }, when: { visitor: ['anonymous'] } },
  },
  order: ['heading', 'more'],
};

function withBlock(block: PageLayout['blocks'][string]): PageLayout {
  return { ...good, blocks: { ...good.blocks, more: block } };
}

function group(fields: unknown): CmsPagesResponse {
  return {
    meta: { count: 1, previous_page: null, next_page: null },
    data: [
      {
        slug: LAYOUT_SLUG,
        name: 'Layout',
        page_type: 'page',
        published: null,
        updated: '2026-01-01',
        status: 'published',
        fields: fields as Record<string, unknown>,
      },
    ],
  };
}

describe('the page check', () => {
  it('passes a layout whose every placed block has props its type accepts', () => {
    expect(layoutPassesCheck(good)).toBe(true);
  });

  it('fails bad props, an unknown type, a missing block, a broken layout, whoever the block is shown to', () => {
    // The broken link is shown only to members: its props are checked all the same.
    expect(
      layoutPassesCheck(
        withBlock({ type: 'browse-link', props: { text: 'x', to: 'javascript:alert(1)' }, when: { visitor: ['cardMember'] } }),
      ),
    ).toBe(false);
    expect(layoutPassesCheck(withBlock({ type: 'no-such-block', props: {} }))).toBe(false);
    expect(layoutPassesCheck({ ...good, order: ['heading', 'more', 'ghost'] })).toBe(false);
    expect(layoutPassesCheck({ ...good, version: 2 })).toBe(false);
    expect(layoutPassesCheck(null)).toBe(false);
    expect(layoutPassesCheck('layout')).toBe(false);
  });

  it('lists the partner pages and the home and discover layouts that pass, and only those', () => {
    const broken = withBlock({ type: 'browse-link', props: { text: 'x', to: 'javascript:alert(1)' } });
    expect(checkedLayoutKeys({ login: good, join: broken }, { home: group(good), discover: group(broken), popup: group(good) })).toEqual([
      'pages/login',
      'cms/home',
    ]);
    expect(checkedLayoutKeys({}, {})).toEqual([]);
  });
});
