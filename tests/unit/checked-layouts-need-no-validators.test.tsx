// @vitest-environment happy-dom
// The layouts a member's page starts with were checked by the server (bootstrap `checkedLayouts`),
// so the page renders them without loading any validator code: that code stays out of the first
// route. Anything else (an editor's unsaved draft, a group fetched again: another object, even if
// equal) loads the validators first and is checked here, so a broken block is still caught.
// The tests run in order on one registry: the first page shows at once only because it needs no
// validator (none has loaded yet: an unchecked page would show a spinner until they are here).
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { checkedLayoutKey, type Bootstrap } from '#shared/bootstrap.ts';
import { LAYOUT_SLUG } from '#shared/cms.ts';
import type { PageLayout } from '#shared/generated/types.ts';
import { PageRenderer } from '#client/page/PageRenderer.tsx';
import { isCheckedLayout, trustCheckedLayouts } from '#client/page/checked-layouts.ts';
import { cmsContent, cmsPage, partnerBundle, renderWithApp } from '#tests/utils/render.tsx';
import { collectReportedProblems } from '#tests/utils/problems.ts';

const reported = collectReportedProblems();
afterEach(cleanup);

const SOURCE = 'cms:skyline/home/page-layout';
const home: PageLayout = {
  version: 1,
  title: 'Home',
  blocks: {
    heading: { type: 'page-heading', props: { title: 'Dine with {programName}' } },
    more: { type: 'browse-link', props: { text: 'See every restaurant', to: '/search' } },
  },
  order: ['heading', 'more'],
};

function bootstrapWith(layout: PageLayout, checkedLayouts: string[]): Bootstrap {
  const partner = partnerBundle('skyline');
  const cms = cmsContent({ home: [cmsPage(LAYOUT_SLUG, layout)] });
  return { partner, cms, preview: false, providersOrigin: 'http://localhost:3001', production: true, member: null, checkedLayouts };
}

describe('a layout the server checked', () => {
  it('renders at once: nothing waits for validator code', () => {
    const bootstrap = bootstrapWith(home, [
      checkedLayoutKey.cms('home'),
      ...Object.keys(partnerBundle('skyline').pages).map(checkedLayoutKey.page),
    ]);
    trustCheckedLayouts(bootstrap);
    const layout = bootstrap.cms.home!.data[0]!.fields;
    expect(isCheckedLayout(layout)).toBe(true);

    renderWithApp(<PageRenderer layout={layout} source={SOURCE} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dine with Skyline SkyDining' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /See every restaurant/ })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is trusted only as that very object: an equal copy, or one not listed, is checked here', async () => {
    const unlisted = bootstrapWith(structuredClone(home), []);
    trustCheckedLayouts(unlisted);
    expect(isCheckedLayout(unlisted.cms.home!.data[0]!.fields)).toBe(false);
    expect(isCheckedLayout(structuredClone(home))).toBe(false);

    // An editor's draft with a broken link block: the validators load, the block is dropped and reported.
    const draft = structuredClone(home);
    draft.blocks.more = { type: 'browse-link', props: { text: 'Broken', to: 'javascript:alert(1)' } };
    await act(async () => {
      renderWithApp(<PageRenderer layout={draft} source={SOURCE} />);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dine with Skyline SkyDining' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Broken/ })).toBeNull();
    expect(reported.map((p) => p.pointer)).toContain('/blocks/more/props/to');
  });
});
