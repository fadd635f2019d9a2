// @vitest-environment happy-dom
// The page editor's preview gets the whole layout again for every edit (a fresh copy by postMessage)
// and CMS groups as new objects. On a 200-block page that redrew every block per letter typed; now a
// block draws again only when its own props, the CMS group it reads or the runtime change. Each
// block's commits are counted with a React Profiler around the real component (mocked in place).
import { Profiler, useState, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { CmsBannerFields, CmsPagesResponse, PageLayout } from '#shared/generated/types.ts';
import type { CmsContent } from '#shared/cms.ts';
import { PageRenderer } from '#client/page/PageRenderer.tsx';
import { RuntimeProvider, type Runtime } from '#client/runtime/index.tsx';
import { App, createQueryClient } from '#client/app/App.tsx';
import { cmsKey } from '#client/api/cms.ts';
import { resetCsrfForTests } from '#client/api/csrf.ts';
import { blocks, whenBlockCodeLoaded } from '#registry/index.ts';
import { cmsContent, cmsPage, createTestQueryClient, fakeFetch, makeRuntime, partnerBundle } from '#tests/utils/render.tsx';

const commits = new Map<string, number>();
const counted = (id: string, children: ReactNode) => (
  <Profiler id={id} onRender={() => commits.set(id, (commits.get(id) ?? 0) + 1)}>
    {children}
  </Profiler>
);

vi.mock('#registry/browse-link/BrowseLink.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#registry/browse-link/BrowseLink.tsx')>();
  return {
    ...actual,
    BrowseLink: (props: Parameters<typeof actual.BrowseLink>[0]) => counted(props.to ?? '', <actual.BrowseLink {...props} />),
  };
});
vi.mock('#registry/cms-banner/CmsBanner.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#registry/cms-banner/CmsBanner.tsx')>();
  return {
    ...actual,
    CmsBanner: (props: Parameters<typeof actual.CmsBanner>[0]) => counted(props.slug, <actual.CmsBanner {...props} />),
  };
});

beforeAll(() => whenBlockCodeLoaded(Object.entries(blocks).flatMap(([type, definition]) => (definition.load ? [] : [type]))));
afterEach(() => {
  cleanup();
  commits.clear();
  vi.unstubAllGlobals();
  resetCsrfForTests();
});

const LINKS = ['/a', '/b', '/c', '/d'];
const layout: PageLayout = {
  version: 1,
  title: 'Home',
  blocks: {
    banner: { type: 'cms-banner', props: { slug: 'welcome', group: 'discover' } },
    ...Object.fromEntries(LINKS.map((to) => [`link${to.slice(1)}`, { type: 'browse-link', props: { text: `Go to ${to}`, to } }])),
  },
  order: ['banner', ...LINKS.map((to) => `link${to.slice(1)}`)],
};

const banner = (title: string): CmsBannerFields => ({
  category: 'bonus',
  user_states: ['anonymous'],
  banner_text: [{ type: 'title', fields: { text_desktop: title } }],
});

/** The page as the preview frame holds it: the layout and the CMS content, both replaced by edits. */
function renderPage() {
  const runtime = makeRuntime({
    cms: { discover: [cmsPage('welcome', banner('Welcome aboard'))], home: [cmsPage('page-layout', layout)] },
  });
  const control: { setLayout?: (layout: PageLayout) => void; setCms?: (cms: CmsContent) => void } = {};
  function Harness() {
    const [current, setLayout] = useState(layout);
    const [value, setValue] = useState<Runtime>(runtime);
    control.setLayout = setLayout;
    control.setCms = (cms) => setValue((was) => ({ ...was, cms }));
    return (
      <RuntimeProvider value={value}>
        <MemoryRouter>
          <PageRenderer layout={current} source="cms:skyline/home/page-layout" />
        </MemoryRouter>
      </RuntimeProvider>
    );
  }
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
  return { runtime, control };
}

const snapshot = () => Object.fromEntries(commits);

describe('an edit in the preview redraws only what it changed', () => {
  it('a changed text redraws its own block, not the others (the layout arrives as a new copy)', async () => {
    const { control } = renderPage();
    await screen.findByText('Welcome aboard');
    const before = snapshot();

    const edited = structuredClone(layout);
    edited.blocks.linkb = { type: 'browse-link', props: { text: 'Browse /b now', to: '/b' } };
    act(() => control.setLayout?.(edited));

    expect(screen.getByText('Browse /b now')).toBeTruthy();
    const after = snapshot();
    expect(after['/b']).toBeGreaterThan(before['/b'] ?? 0);
    for (const to of ['/a', '/c', '/d']) expect(after[to], `${to} drew again`).toBe(before[to]);
    expect(after.welcome, 'the banner drew again').toBe(before.welcome);
  });

  it('a copy of the same layout redraws nothing', async () => {
    const { control } = renderPage();
    await screen.findByText('Welcome aboard');
    const before = snapshot();
    act(() => control.setLayout?.(structuredClone(layout)));
    expect(snapshot()).toEqual(before);
  });

  it('a change to one CMS group redraws the blocks reading it, and no other', async () => {
    const { runtime, control } = renderPage();
    await screen.findByText('Welcome aboard');
    const before = snapshot();

    // The layout's own group changes with every layout edit: no block reads it.
    const withNewHome = { ...runtime.cms, home: structuredClone(runtime.cms.home) };
    act(() => control.setCms?.(withNewHome));
    expect(snapshot()).toEqual(before);

    // The banner's group: the banner shows its new text; the links stay as they were.
    const discover = cmsContent({ discover: [cmsPage('welcome', banner('Welcome back'))] }).discover;
    act(() => control.setCms?.({ ...withNewHome, discover }));
    expect(await screen.findByText('Welcome back')).toBeTruthy();
    const after = snapshot();
    expect(after.welcome).toBeGreaterThan(before.welcome ?? 0);
    for (const to of LINKS) expect(after[to], `${to} drew again`).toBe(before[to]);
  });

  it('in the app, an edit the preview receives as new query data redraws only the edited block, not the banner', async () => {
    const api = fakeFetch({
      'GET /api/Member': { status: 401, body: { message: 'Unauthorized' } },
      'GET /api/CSRF': { body: { csrfToken: 't' } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const queryClient = createQueryClient();
    const links = layout;
    render(
      <App
        bootstrap={{
          partner: partnerBundle('metro'),
          cms: cmsContent({ home: [cmsPage('page-layout', links)], discover: [cmsPage('welcome', banner('Welcome aboard'))] }),
          preview: true,
          providersOrigin: 'http://localhost:3001',
          production: false,
        }}
        queryClient={queryClient}
      />,
    );
    await screen.findByText('Go to /a');
    await screen.findByText('Welcome aboard');
    const before = snapshot();

    // What the preview receiver does with the editor's message (app/preview-receiver.ts).
    const edited = structuredClone(links);
    edited.blocks.linkc = { type: 'browse-link', props: { text: 'Browse /c now', to: '/c' } };
    const fields = edited as unknown as Record<string, unknown>;
    act(() => {
      queryClient.setQueryData<CmsPagesResponse>(cmsKey('home', true), (old) =>
        old ? { ...old, data: old.data.map((page) => (page.slug === 'page-layout' ? { ...page, fields } : page)) } : old,
      );
    });
    expect(await screen.findByText('Browse /c now')).toBeTruthy();
    const after = snapshot();
    expect(after['/c']).toBeGreaterThan(before['/c'] ?? 0);
    for (const to of ['/a', '/b', '/d']) expect(after[to], `${to} drew again`).toBe(before[to]);
    expect(after.welcome, 'the banner (reading the visitor and placeholders) drew again').toBe(before.welcome);
  });
});
