// @vitest-environment happy-dom
// A page whose block types load in separate chunks that arrive one after another (as on /search:
// form, filters, results, map and sidebar) waits until all are here and then shows every block,
// dropping none as an unknown type. (Browser tests once saw /search drop its results, map and
// sidebar as "unknown block type" under load: PageRenderer waited on the first chunk only, and React
// replaying a component that waited hands a `use` the earlier promise's value. That race needs the
// browser's scheduling; this pins the waiting itself.)
import { afterEach, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { startTransition, useState } from 'react';
import type { PageLayout } from '#shared/generated/types.ts';
import { PageRenderer } from '#client/page/PageRenderer.tsx';
import { renderWithApp } from '#tests/utils/render.tsx';
import { collectReportedProblems } from '#tests/utils/problems.ts';

const gates = vi.hoisted(() => {
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  };
  return { first: gate(), second: gate() };
});

vi.mock('#registry/recover-success/lazy.ts', async (importOriginal) => {
  await gates.first.opened;
  return importOriginal();
});
vi.mock('#registry/recover-request/lazy.ts', async (importOriginal) => {
  await gates.second.opened;
  return importOriginal();
});

const SOURCE = 'partners/skyline/pages/recover.json';
const layout: PageLayout = {
  version: 1,
  title: 'Recover',
  blocks: {
    done: { type: 'recover-success', props: { title: 'All set, {programName}' } },
    request: { type: 'recover-request', props: { title: 'Forgot your password?' } },
  },
  order: ['done', 'request'],
};

/** Every problem the renderer reported (its 'menuboard:problem' events). */
const reported = collectReportedProblems();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Shows the page in a transition, as a router navigation does. */
let navigate: () => void = () => undefined;
function Navigation() {
  const [shown, setShown] = useState(false);
  navigate = () => startTransition(() => setShown(true));
  return shown ? <PageRenderer layout={layout} source={SOURCE} /> : <p>Before the page</p>;
}

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

it('waits for every chunk of a layout that arrive one after another, then shows all its blocks', async () => {
  const { container } = renderWithApp(<Navigation />);
  await act(async () => navigate());
  await wait(50);
  gates.first.open();
  await wait(100);
  // The second chunk is still on its way: the page waits for it rather than showing without its block.
  expect(reported).toEqual([]);
  expect(container.querySelectorAll('[data-block-id]')).toHaveLength(0);
  gates.second.open();
  expect(await screen.findByRole('heading', { name: 'All set, Skyline SkyDining' }, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
  expect([...container.querySelectorAll('[data-block-id]')].map((e) => e.getAttribute('data-block-id'))).toEqual(['done', 'request']);
  expect(reported).toEqual([]);
});
