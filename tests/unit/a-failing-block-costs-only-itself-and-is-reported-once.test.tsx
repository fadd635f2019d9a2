// @vitest-environment happy-dom
// The page pipeline's React half (src/client/page/): a block that throws, has an unknown type or
// invalid props costs only itself — dropped for visitors, a labelled placeholder in CMS preview —
// and each fault is reported once. PageRenderer imports the real registry (#registry/index.ts) and
// takes no registry prop, so the throwing block is the real browse-link with its component mocked
// to throw for one text; every other block here is the real, unmocked one.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { BlockInstance, PageLayout } from '#shared/generated/types.ts';
import { PageRenderer } from '#client/page/PageRenderer.tsx';
import { blocks, whenBlockCodeLoaded } from '#registry/index.ts';
import { startProblemReporting } from '#client/features/tracking/problems.ts';
import { resetCsrfForTests, startCsrf } from '#client/api/csrf.ts';
import { fakeFetch, memberFixture, renderWithApp } from '#tests/utils/render.tsx';
import { collectReportedProblems } from '#tests/utils/problems.ts';

const EXPLODE = 'Explode on render';

vi.mock('#registry/browse-link/BrowseLink.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#registry/browse-link/BrowseLink.tsx')>();
  return {
    ...actual,
    BrowseLink: (props: Parameters<typeof actual.BrowseLink>[0]) => {
      if (props.text === EXPLODE) throw new Error('kaboom in the browse link');
      return <actual.BrowseLink {...props} />;
    },
  };
});

// A block outside the first route whose chunk cannot be fetched (a network failure, a deploy that
// replaced it): importing its lazy.ts fails.
vi.mock('#registry/recover-confirm/lazy.ts', () => {
  throw new Error('chunk unavailable');
});

const SOURCE = 'cms:skyline/home/page-layout';

// These layouts were not checked by a server (there is no bootstrap), so the page waits for the
// first-route blocks' validators before resolving them; loaded up front, every test renders at once.
// Blocks outside the first route still load when a test's layout uses them.
beforeAll(() => whenBlockCodeLoaded(Object.entries(blocks).flatMap(([type, definition]) => (definition.load ? [] : [type]))));

/** A layout: a heading, the given block as "middle", and a working browse link after it. */
function layoutWith(middle: BlockInstance): PageLayout {
  return {
    version: 1,
    title: 'Home',
    blocks: {
      heading: { type: 'page-heading', props: { title: 'Welcome to {programName}' } },
      middle,
      browse: { type: 'browse-link', props: { text: 'Browse restaurants', to: '/search' } },
    },
    order: ['heading', 'middle', 'browse'],
  };
}

const throwing: BlockInstance = { type: 'browse-link', props: { text: EXPLODE } };
const unknownType: BlockInstance = { type: 'carousel-3d', props: {} };
const invalidProps: BlockInstance = { type: 'page-heading', props: { title: '', colour: 'red' } };

/** Every problem the renderer reported (its 'menuboard:problem' events). */
const reported = collectReportedProblems();

function siblingsShown() {
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Skyline SkyDining' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Browse restaurants' }).getAttribute('href')).toBe('/search');
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetCsrfForTests();
});

describe('PageRenderer: a block that throws while rendering', () => {
  it('is dropped for a member while its siblings render, and is reported once', () => {
    const layout = layoutWith(throwing);
    const { container } = renderWithApp(<PageRenderer layout={layout} source={SOURCE} />, { member: memberFixture() });
    siblingsShown();
    expect(screen.queryByRole('link', { name: EXPLODE })).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
    expect(container.querySelector('[data-block-id="middle"]')).toBeNull();
    expect(reported).toEqual([{ source: SOURCE, pointer: '/blocks/middle', message: 'render failed: kaboom in the browse link' }]);
  });

  it('is not reported again when the page re-renders or is visited again', () => {
    const layout = layoutWith(throwing);
    const view = renderWithApp(<PageRenderer layout={layout} source={SOURCE} />, { member: memberFixture() });
    expect(reported).toHaveLength(1);
    // Same page, new layout object (e.g. the CMS query refetched): resolves and renders again.
    view.rerender(<PageRenderer layout={structuredClone(layout)} source={SOURCE} />);
    siblingsShown();
    // Away and back: a fresh boundary catches the same fault again.
    view.unmount();
    renderWithApp(<PageRenderer layout={structuredClone(layout)} source={SOURCE} />, { member: memberFixture() });
    siblingsShown();
    expect(reported).toHaveLength(1);
  });

  it('reaches the server as a single POST /api/ClientProblems with one problem', async () => {
    const api = fakeFetch({ 'GET /api/CSRF': { body: { csrfToken: 'token-1' } }, 'POST /api/ClientProblems': { status: 204 } });
    vi.stubGlobal('fetch', api.fetch);
    void startCsrf({ storage: null });
    const stop = startProblemReporting();
    try {
      const layout = layoutWith(throwing);
      const view = renderWithApp(<PageRenderer layout={layout} source={SOURCE} />, { member: memberFixture() });
      view.rerender(<PageRenderer layout={structuredClone(layout)} source={SOURCE} />);
      await waitFor(() => expect(api.calls.filter((c) => c.url === '/api/ClientProblems')).toHaveLength(1), { timeout: 5000 });
      const post = api.calls.find((c) => c.url === '/api/ClientProblems')!;
      expect(post.method).toBe('POST');
      expect(post.headers.get('X-XSRF-TOKEN')).toBe('token-1');
      expect(post.body).toEqual({
        path: '/',
        problems: [{ source: SOURCE, pointer: '/blocks/middle', message: 'render failed: kaboom in the browse link' }],
      });
    } finally {
      stop();
    }
  });

  it('shows in CMS preview as a labelled placeholder with its source#pointer and message; siblings still render', () => {
    renderWithApp(<PageRenderer layout={layoutWith(throwing)} source={SOURCE} />, { preview: true });
    siblingsShown();
    const placeholder = screen.getByRole('note', { name: 'Block "middle" (browse-link) could not be shown' });
    expect(within(placeholder).getByText(`${SOURCE}#/blocks/middle: render failed: kaboom in the browse link`)).toBeTruthy();
    expect(screen.getAllByRole('note')).toHaveLength(1);
    // As for unknown types and invalid props: a draft's fault is the editor's to see, not the logs'.
    expect(reported).toEqual([]);
  });

  it('renders the same block normally when it does not throw (the mock passes through)', () => {
    renderWithApp(
      <PageRenderer layout={layoutWith({ type: 'browse-link', props: { text: 'See the map', to: '/map' } })} source={SOURCE} />,
    );
    expect(screen.getByRole('link', { name: 'See the map' }).getAttribute('href')).toBe('/map');
    siblingsShown();
    expect(reported).toEqual([]);
  });
});

describe('PageRenderer: blocks the resolver rejects', () => {
  it('drops an unknown block type for a member, keeps its siblings and reports it once', () => {
    const layout = layoutWith(unknownType);
    const view = renderWithApp(<PageRenderer layout={layout} source={SOURCE} />, { member: memberFixture() });
    siblingsShown();
    expect(screen.queryByRole('note')).toBeNull();
    expect(reported).toEqual([{ source: SOURCE, pointer: '/blocks/middle/type', message: 'unknown block type "carousel-3d"' }]);
    view.rerender(<PageRenderer layout={structuredClone(layout)} source={SOURCE} />);
    expect(reported).toHaveLength(1);
  });

  it('shows an unknown block type in preview as a placeholder naming the type', () => {
    renderWithApp(<PageRenderer layout={layoutWith(unknownType)} source={SOURCE} />, { preview: true });
    siblingsShown();
    const placeholder = screen.getByRole('note', { name: 'Block "middle" (carousel-3d) could not be shown' });
    expect(within(placeholder).getByText(`${SOURCE}#/blocks/middle/type: unknown block type "carousel-3d"`)).toBeTruthy();
  });

  it('drops a block with invalid props for a member, keeps its siblings and reports each problem once', () => {
    const layout = layoutWith(invalidProps);
    const view = renderWithApp(<PageRenderer layout={layout} source={SOURCE} />, { member: memberFixture() });
    siblingsShown();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('note')).toBeNull();
    expect(reported).toEqual(
      expect.arrayContaining([
        { source: SOURCE, pointer: '/blocks/middle/props', message: 'unknown property "colour"' },
        { source: SOURCE, pointer: '/blocks/middle/props/title', message: 'must NOT have fewer than 1 characters' },
      ]),
    );
    const count = reported.length;
    view.rerender(<PageRenderer layout={structuredClone(layout)} source={SOURCE} />);
    expect(reported).toHaveLength(count);
  });

  it('shows invalid props in preview as a placeholder with the validation messages, and sends no report', () => {
    renderWithApp(<PageRenderer layout={layoutWith(invalidProps)} source={SOURCE} />, { preview: true });
    siblingsShown();
    const placeholder = screen.getByRole('note', { name: 'Block "middle" (page-heading) could not be shown' });
    expect(within(placeholder).getByText(`${SOURCE}#/blocks/middle/props: unknown property "colour"`)).toBeTruthy();
    expect(within(placeholder).getByText(`${SOURCE}#/blocks/middle/props/title: must NOT have fewer than 1 characters`)).toBeTruthy();
    // The editor sees the fault on the page; the server logs are for faults visitors hit.
    expect(reported).toEqual([]);
  });
});

describe('PageRenderer: when and disabled', () => {
  const memberOnly: BlockInstance = { type: 'page-heading', props: { title: 'Your card rewards' }, when: { visitor: ['cardMember'] } };

  it('does not render a block whose `when` does not match the visitor', () => {
    renderWithApp(<PageRenderer layout={layoutWith(memberOnly)} source={SOURCE} />);
    siblingsShown();
    expect(screen.queryByRole('heading', { name: 'Your card rewards' })).toBeNull();
    expect(reported).toEqual([]);
  });

  it('renders that block for a visitor its `when` matches', () => {
    renderWithApp(<PageRenderer layout={layoutWith(memberOnly)} source={SOURCE} />, {
      member: memberFixture({ memberType: 'EnrolledCardMember' }),
    });
    expect(screen.getByRole('heading', { name: 'Your card rewards' })).toBeTruthy();
    siblingsShown();
  });

  it('does not render a disabled block, for visitors nor as a placeholder in preview', () => {
    const disabled: BlockInstance = { type: 'page-heading', props: { title: 'Switched off' }, disabled: true };
    renderWithApp(<PageRenderer layout={layoutWith(disabled)} source={SOURCE} />, { member: memberFixture() });
    siblingsShown();
    expect(screen.queryByText('Switched off')).toBeNull();
    cleanup();
    renderWithApp(<PageRenderer layout={layoutWith(disabled)} source={SOURCE} />, { preview: true });
    siblingsShown();
    expect(screen.queryByText('Switched off')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
    expect(reported).toEqual([]);
  });
});

describe('PageRenderer: the page h1', () => {
  const bannersOnly: PageLayout = {
    version: 1,
    title: 'Dine out and earn {currency}',
    blocks: { browse: { type: 'browse-link', props: { text: 'Browse restaurants', to: '/search' } } },
    order: ['browse'],
  };

  it('is the layout title (visually hidden) when no block shows a heading of its own', () => {
    renderWithApp(<PageRenderer layout={bannersOnly} source={SOURCE} />);
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]!.textContent).toBe('Dine out and earn miles');
    expect(headings[0]!.className).toBe('visually-hidden');
  });

  it('is the page-heading block alone when the page has one', () => {
    renderWithApp(<PageRenderer layout={layoutWith({ type: 'browse-link', props: { text: 'More', to: '/earn' } })} source={SOURCE} />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Welcome to Skyline SkyDining']);
  });

  it('is never added by a layout embedded in another page (the re-enrolment area)', () => {
    renderWithApp(<PageRenderer layout={bannersOnly} source={SOURCE} embedded />);
    expect(screen.queryAllByRole('heading', { level: 1 })).toHaveLength(0);
  });
});

describe('PageRenderer: blocks outside the first route (their code loads with the page)', () => {
  /** The page suspends until the chunk is here: the render is awaited, so React retries it once it is. */
  async function renderAwaited(...args: Parameters<typeof renderWithApp>): Promise<ReturnType<typeof renderWithApp>> {
    let view: ReturnType<typeof renderWithApp> | undefined;
    await act(async () => {
      view = renderWithApp(...args);
    });
    return view!;
  }

  it('renders such a block once its validator and component are here, in its place among the others', async () => {
    const { container } = await renderAwaited(
      <PageRenderer layout={layoutWith({ type: 'recover-success', props: { title: 'All set, {programName}' } })} source={SOURCE} />,
    );
    expect(await screen.findByRole('heading', { name: 'All set, Skyline SkyDining' }, { timeout: 5000 })).toBeTruthy();
    siblingsShown();
    expect([...container.querySelectorAll('[data-block-id]')].map((e) => e.getAttribute('data-block-id'))).toEqual([
      'heading',
      'middle',
      'browse',
    ]);
    expect(reported).toEqual([]);
  });

  it('validates its props like any block: invalid ones drop it for a member and are reported', async () => {
    await renderAwaited(<PageRenderer layout={layoutWith({ type: 'recover-success', props: { colour: 'red' } })} source={SOURCE} />, {
      member: memberFixture(),
    });
    await waitFor(
      () => expect(reported).toEqual([{ source: SOURCE, pointer: '/blocks/middle/props', message: 'unknown property "colour"' }]),
      { timeout: 5000 },
    );
    siblingsShown();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('drops a block whose chunk does not load for a member, as a render failure reported once; siblings render', async () => {
    const { container } = await renderAwaited(
      <PageRenderer layout={layoutWith({ type: 'recover-confirm', props: {} })} source={SOURCE} />,
      {
        member: memberFixture(),
      },
    );
    await waitFor(() => expect(reported).toHaveLength(1), { timeout: 5000 });
    expect(reported[0]).toMatchObject({ source: SOURCE, pointer: '/blocks/middle', message: expect.stringMatching(/^render failed: /) });
    siblingsShown();
    expect(container.querySelector('[data-block-id="middle"]')).toBeNull();
  });

  it('shows a block whose chunk does not load as a placeholder in preview', async () => {
    await renderAwaited(<PageRenderer layout={layoutWith({ type: 'recover-confirm', props: {} })} source={SOURCE} />, { preview: true });
    const placeholder = await screen.findByRole('note', { name: 'Block "middle" (recover-confirm) could not be shown' }, { timeout: 5000 });
    expect(within(placeholder).getByText(/#\/blocks\/middle: render failed: /)).toBeTruthy();
    siblingsShown();
  });
});
