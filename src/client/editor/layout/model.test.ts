// The layout editor's plain rules: what an outline item says about a block, who sees it in words,
// which blocks are invalid and why, and fresh ids for added or duplicated blocks.
import { beforeAll, describe, expect, it } from 'vitest';
import copy from '../../../../partners/_base/copy.json';
import { format, type Translate } from '../copy.tsx';
import { loadValidators } from '../validators.ts';
import { blockSummary, blockTitle, layoutProblems, layoutValidatorNames, newBlockId, whenSummary, type Layout } from './model.ts';

const t: Translate = (key, vars) => format(copy as Record<string, string>, key, vars);
const links = { routes: [{ path: '/' }, { path: '/search' }, { path: '/merchants/:merchantId' }] };

const layout: Layout = {
  version: 1,
  blocks: {
    welcome: { type: 'cms-banner', props: { slug: 'welcome' } },
    browse: { type: 'browse-link', props: { text: 'Browse restaurants', to: '/search' } },
  },
  order: ['welcome', 'browse'],
};

describe('outline text', () => {
  it('names a block by its registry title and sums it up in one line', () => {
    expect(blockTitle(layout.blocks.browse)).toBe('Browse link');
    expect(blockSummary(layout.blocks.browse)).toBe('Browse restaurants');
    expect(blockSummary(layout.blocks.welcome)).toBe('welcome');
    expect(blockSummary({ type: 'how-it-works', props: { headline: 'x'.repeat(100) } })).toHaveLength(90);
    expect(blockSummary({ type: 'how-it-works', props: { headline: 'Dine out tonight '.repeat(8) } })).toBe(
      'Dine out tonight Dine out tonight Dine out tonight Dine out tonight Dine out tonight Dine…',
    );
    const long = 'Bonus banner: a name longer than any summary would be allowed to run on for';
    expect(blockSummary({ type: 'cms-banner', props: { slug: 'x' } }, { entryName: () => long.repeat(2) })).toBe(long.repeat(2));
  });

  it('says who sees a block in plain words', () => {
    expect(whenSummary(undefined, t)).toBe('Shown to everyone');
    expect(whenSummary({ visitor: ['cardMember'], tier: [3, 2], until: '2026-12-31' }, t)).toBe(
      'Shown to card members at tier 2 or 3 until 31 Dec 2026',
    );
    expect(whenSummary({ visitor: ['anonymous', 'knownMember'], enrollmentType: ['direct'] }, t)).toBe(
      'Shown to anonymous visitors or known members with direct enrolment',
    );
  });
});

describe('layoutProblems', () => {
  // The editor loads a page's validators (their own chunks) before it shows the page.
  beforeAll(() => loadValidators(layoutValidatorNames(layout)));

  it('names the validators a page needs: the layout and each block type', () => {
    expect(layoutValidatorNames(layout).sort()).toEqual(['validateBrowseLinkProps', 'validateCmsBannerProps', 'validateLayout']);
  });

  it('finds none in a valid layout', () => {
    expect(layoutProblems(layout, links)).toEqual([]);
  });

  it('names the field of a block whose props break its schema, and unknown block types', () => {
    const broken: Layout = {
      ...layout,
      blocks: { ...layout.blocks, browse: { type: 'browse-link', props: { text: '' } }, old: { type: 'no-such-block' } },
      order: [...layout.order, 'old'],
    };
    expect(layoutProblems(broken, links)).toEqual(
      expect.arrayContaining([
        { pointer: '/blocks/browse/props/text', message: 'is required' },
        { pointer: '/blocks/old/type', message: 'unknown block type "no-such-block"' },
      ]),
    );
  });

  it('refuses links the server would refuse', () => {
    const unsafe: Layout = {
      ...layout,
      blocks: { ...layout.blocks, browse: { type: 'browse-link', props: { text: 'x', to: 'javascript:alert(1)' } } },
    };
    expect(layoutProblems(unsafe, links).map((p) => p.pointer)).toContain('/blocks/browse/props/to');
    const nowhere: Layout = {
      ...layout,
      blocks: { ...layout.blocks, browse: { type: 'browse-link', props: { text: 'x', to: '/no-such-page' } } },
    };
    expect(layoutProblems(nowhere, links)).toContainEqual({
      pointer: '/blocks/browse/props/to',
      message: 'is not a page of this site: /no-such-page would show Not Found',
    });
  });
});

describe('newBlockId', () => {
  it('keeps ids unique', () => {
    expect(newBlockId(layout, 'steps')).toBe('steps');
    expect(newBlockId(layout, 'browse')).toBe('browse-2');
    expect(newBlockId({ ...layout, blocks: { ...layout.blocks, 'browse-2': { type: 'browse-link' } } }, 'browse')).toBe('browse-3');
  });
});
