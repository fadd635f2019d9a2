// The page editor checks a layout on every keystroke. On a 200-block page that must not mean 200
// blocks' props and links: each block's problems are kept per block object (an immer edit keeps the
// blocks it did not touch), and the result is still exactly what the server refuses a publish with.
import { beforeAll, describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { entryProblems, type BlockCheck } from '#shared/cms-problems.ts';
import { LAYOUT_SLUG } from '#shared/cms.ts';
import { cachedValidator, loadValidators } from '#client/editor/validators.ts';
import { editorBlockCheck, layoutProblems, layoutValidatorNames, type Layout } from '#client/editor/layout/model.ts';

const links = { routes: [{ path: '/' }, { path: '/search' }, { path: '/merchants/:merchantId' }] };

const SOURCES: Layout['blocks'] = {
  browse: { type: 'browse-link', props: { text: 'Browse restaurants', to: '/search' } },
  banner: { type: 'cms-banner', props: { slug: 'welcome' } },
  broken: { type: 'browse-link', props: { text: 'Nowhere', to: '/no-such-page' } },
  empty: { type: 'browse-link', props: { text: '', to: '/' } },
  gone: { type: 'no-such-block' },
};

/** `count` placed blocks (each its own object, as after loading a draft), one missing id, one unplaced block. */
function bigLayout(count: number): Layout {
  const names = Object.keys(SOURCES);
  const blocks: Layout['blocks'] = {};
  const order: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = names[i % names.length]!;
    blocks[`${name}-${i}`] = structuredClone(SOURCES[name]);
    order.push(`${name}-${i}`);
  }
  order.splice(3, 0, 'not-there');
  blocks.unplaced = { type: 'browse-link', props: { text: 'Old', to: 'javascript:alert(1)' } };
  return { version: 1, blocks, order };
}

/** The server's check of the same layout (src/server/cms-entry-check.ts calls the same function). */
function serverProblems(layout: Layout) {
  return entryProblems({
    contentName: 'home',
    slug: LAYOUT_SLUG,
    fields: layout,
    validate: cachedValidator('validateLayout') ?? null,
    blockCheck: editorBlockCheck,
    links,
  });
}

describe('layoutProblems on a big page', () => {
  beforeAll(() => loadValidators(layoutValidatorNames(bigLayout(10))));

  it('finds exactly the problems the server refuses a publish with', () => {
    const layout = bigLayout(60);
    const found = layoutProblems(layout, links);
    expect(found).toEqual(serverProblems(layout));
    expect(found).toEqual(
      expect.arrayContaining([
        { pointer: '/order/3', message: 'no block with id "not-there"' },
        { pointer: '/blocks/empty-3/props/text', message: 'is required' },
        { pointer: '/blocks/gone-4/type', message: 'unknown block type "no-such-block"' },
        expect.objectContaining({ pointer: '/blocks/broken-2/props/to' }),
        expect.objectContaining({ pointer: '/blocks/unplaced/props/to' }),
      ]),
    );
  });

  it('checks again only the block an edit changed, and sees what the edit broke or fixed', () => {
    const layout = bigLayout(200);
    layoutProblems(layout, links);
    const emptied = produce(layout, (draft) => {
      draft.blocks['browse-0']!.props = { text: '', to: '/search' };
    });
    const afterEmptying = layoutProblems(emptied, links);
    expect(afterEmptying).toContainEqual({ pointer: '/blocks/browse-0/props/text', message: 'is required' });
    expect(afterEmptying).toEqual(serverProblems(emptied));

    const fixed = produce(emptied, (draft) => {
      draft.blocks['empty-3']!.props = { text: 'Now filled', to: '/' };
      draft.blocks['broken-2']!.props = { text: 'Somewhere', to: '/search' };
    });
    const afterFixing = layoutProblems(fixed, links);
    expect(afterFixing.some((p) => p.pointer.startsWith('/blocks/empty-3/') || p.pointer.startsWith('/blocks/broken-2/'))).toBe(false);
    expect(afterFixing).toEqual(serverProblems(fixed));
  });

  it('does not check unchanged blocks again, and checks all of them for other routes', () => {
    const layout = bigLayout(200);
    let checked = 0;
    const validator = cachedValidator('validateBrowseLinkProps')!;
    // Counts the props validations themselves, which is the work a keystroke must not repeat.
    const countingValidator = Object.assign(
      (value: unknown) => {
        checked++;
        const ok = validator(value);
        countingValidator.errors = validator.errors;
        return ok;
      },
      { errors: validator.errors },
    );
    const check: BlockCheck = (type) => (type === 'browse-link' ? (countingValidator as typeof validator) : editorBlockCheck(type));
    layoutProblems(layout, links, check);
    const browseLinks = Object.values(layout.blocks).filter((block) => block?.type === 'browse-link').length;
    expect(checked).toBe(browseLinks);

    checked = 0;
    const typed = produce(layout, (draft) => {
      (draft.blocks['browse-5']!.props as { text: string }).text = 'Browse restaurants!';
    });
    layoutProblems(typed, links, check);
    expect(checked).toBe(1);

    checked = 0;
    const otherRoutes = { routes: [{ path: '/' }] };
    const found = layoutProblems(typed, otherRoutes, check);
    expect(checked).toBe(browseLinks);
    // /search is not a page of this partner now: every browse link to it is a problem.
    expect(found.filter((p) => p.pointer.endsWith('/props/to')).length).toBeGreaterThan(30);
  });
});
