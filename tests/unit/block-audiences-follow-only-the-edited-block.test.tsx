// @vitest-environment happy-dom
// The outline's "who sees it" of every banner is worked out once per block object: an edit of one
// block (an immer change keeps the others) works out that block's audience again and reuses the
// others', and still reads the edit (a new `when`) and the entry's own setting.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { QueriesObserver, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { produce } from 'immer';
import type { ReactNode } from 'react';
import copy from '../../partners/_base/copy.json';
import type { CmsEditorEntry } from '#shared/generated/types.ts';
import { AUDIENCE_STATES } from '#shared/audience.ts';
import { userStatesOf } from '#shared/visitor.ts';
import { format, type Translate } from '#client/editor/copy.tsx';
import { entryQuery } from '#client/editor/api/entries.ts';
import { useBlockAudiences } from '#client/editor/audience.ts';
import type { Layout } from '#client/editor/layout/model.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const t: Translate = (key, vars) => format(copy as Record<string, string>, key, vars);
const partner = { enrollmentType: 'direct', flags: {} };

function entry(userStates: string[]): CmsEditorEntry {
  return { draft: null, published: { user_states: userStates } } as unknown as CmsEditorEntry;
}

function setup(count: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const everyState = [...new Set(AUDIENCE_STATES.flatMap((state) => userStatesOf(state.visitor)))];
  const blocks: Layout['blocks'] = {};
  const order: string[] = [];
  for (let i = 0; i < count; i++) {
    // Each banner shows its own entry, shown to every member state.
    client.setQueryData(entryQuery('home', `banner-${i}`).queryKey, entry(everyState));
    blocks[`banner-${i}`] = { type: 'cms-banner', props: { slug: `banner-${i}` } };
    order.push(`banner-${i}`);
  }
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { layout: { version: 1, blocks, order } as Layout, wrapper, client };
}

describe('useBlockAudiences', () => {
  it('works out only the edited banner again, and reads its new setting', () => {
    const { layout, wrapper } = setup(200);
    const { result, rerender } = renderHook(({ value }) => useBlockAudiences(value, partner, t), {
      wrapper,
      initialProps: { value: layout },
    });
    const before = result.current;
    expect(before.size).toBe(200);
    expect(before.get('banner-0')?.sentence).toBe(t('editor.when.everyone'));

    const edited = produce(layout, (draft) => {
      draft.blocks['banner-0']!.when = { visitor: ['anonymous'] };
    });
    rerender({ value: edited });
    const after = result.current;
    expect(after.get('banner-0')?.sentence).not.toBe(before.get('banner-0')?.sentence);
    expect(after.get('banner-0')?.sentence).toContain(t('editor.visitor.anonymous'));
    // Every other banner's audience is the very object worked out before: not computed again.
    const reused = [...after].filter(([id, audience]) => id !== 'banner-0' && audience === before.get(id)).length;
    expect(reused).toBe(199);
  });

  it("sets the banners' entry queries again only when a banner changes, and then reads the new entry", () => {
    const { layout, wrapper, client } = setup(66);
    const { result, rerender } = renderHook(({ value }) => useBlockAudiences(value, partner, t), {
      wrapper,
      initialProps: { value: layout },
    });
    const setQueries = vi.spyOn(QueriesObserver.prototype, 'setQueries');
    // A keystroke in a block that is not a banner: a new layout, the same banners.
    const typed = produce(layout, (draft) => {
      draft.blocks['text'] = { type: 'rich-text', props: { html: '<p>a</p>' } };
      draft.order.push('text');
    });
    rerender({ value: typed });
    rerender({ value: produce(typed, (draft) => void (draft.blocks['text']!.props = { html: '<p>ab</p>' })) });
    expect(setQueries).not.toHaveBeenCalled();
    expect(result.current.size).toBe(66);

    // A banner now shows another entry: the list is set again and the audience follows that entry.
    client.setQueryData(entryQuery('home', 'other').queryKey, entry(['anonymous']));
    rerender({ value: produce(typed, (draft) => void (draft.blocks['banner-0']!.props = { slug: 'other' })) });
    expect(setQueries).toHaveBeenCalledTimes(1);
    expect(result.current.get('banner-0')?.sentence).toContain(t('editor.visitor.anonymous'));
  });
});
