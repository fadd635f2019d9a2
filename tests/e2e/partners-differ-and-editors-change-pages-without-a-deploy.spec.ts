// Layouts in the browser: partners differ, editors change pages without a deploy, bad blocks
// don't blank a page, partner files hot-reload.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { gotoUntil, patchPartner, url } from './frame-helpers.ts';

/** Headings of the blocks on the page, in document order. */
async function blockHeadings(page: Page): Promise<string[]> {
  await expect(page.locator('main h2:visible').first()).toBeVisible();
  // Parts that load on demand (the prospect form) add their headings once their chunk is in.
  await page.waitForLoadState('networkidle');
  return page.locator('main h2:visible').allInnerTexts();
}

interface LayoutBlock {
  type: string;
  props?: Record<string, unknown>;
  when?: { visitor?: string[] } & Record<string, unknown>;
}

/**
 * The block types an anonymous visitor gets from a published layout, in order: blocks without
 * conditions, or whose only condition is a visitor list that includes anonymous visitors.
 */
function anonymousBlockTypes(layout: Layout): string[] {
  return layout.order
    .map((id) => layout.blocks[id]!)
    .filter((block) => {
      if (!block.when) return true;
      // Only visitor lists (and their negation) are read here; a block with any other condition is left out.
      if (!Object.keys(block.when).every((key) => key === 'visitor' || key === 'not')) return false;
      const not = block.when.not as { visitor?: string[] } | undefined;
      if (not && !Object.keys(not).every((key) => key === 'visitor')) return false;
      return (!block.when.visitor || block.when.visitor.includes('anonymous')) && !(not?.visitor ?? []).includes('anonymous');
    })
    .map((block) => block.type);
}

/** The types of the blocks the page renders (PageRenderer's data-block-type), in document order. */
function renderedBlockTypes(page: Page): Promise<string[]> {
  return page.locator('main [data-block-type]').evaluateAll((elements) => elements.map((el) => el.getAttribute('data-block-type') ?? ''));
}

async function signInEditor(request: APIRequestContext, partner: string): Promise<string> {
  const csrf = (await (await request.get(url(partner, '/api/CSRF'))).json()) as { csrfToken: string };
  const res = await request.post(url(partner, '/api/cms/editor/session'), {
    headers: { 'X-XSRF-TOKEN': csrf.csrfToken },
    data: { email: `editor@${partner}.example`, password: `editor-${partner}-2026` },
  });
  expect(res.status()).toBe(200);
  // The token is bound to the session: signing in hands out the one the editor's writes need.
  const rotated = res.headers()['x-xsrf-token'];
  expect(rotated).toBeTruthy();
  return rotated!;
}

interface Layout {
  version: 1;
  blocks: Record<string, LayoutBlock>;
  order: string[];
}

async function publishedLayout(request: APIRequestContext, partner: string, group: string): Promise<Layout> {
  const body = (await (await request.get(url(partner, `/api/cms/pages/${group}/?page_size=100`))).json()) as {
    data: Array<{ slug: string; fields: Layout }>;
  };
  const entry = body.data.find((p) => p.slug === 'page-layout');
  expect(entry, `${partner} has a ${group} layout`).toBeTruthy();
  return entry!.fields;
}

/** Saves `fields` as the group's layout draft and publishes it (an editor's session and token). */
async function publishLayout(request: APIRequestContext, token: string, partner: string, group: string, fields: Layout): Promise<void> {
  const entryUrl = url(partner, `/api/cms/editor/entries/${group}/page-layout`);
  const save = await request.put(entryUrl, { headers: { 'X-XSRF-TOKEN': token }, data: { fields } });
  expect(save.ok(), `save answered ${save.status()}`).toBe(true);
  const publish = await request.post(`${entryUrl}/publish`, { headers: { 'X-XSRF-TOKEN': token } });
  // 409 no_draft: the layout is live as given already (a save equal to live leaves no draft).
  const alreadyLive = publish.status() === 409 && ((await publish.json()) as { code?: string }).code === 'no_draft';
  expect(publish.ok() || alreadyLive, `publish answered ${publish.status()}`).toBe(true);
}

test('(a) two partners show different layouts, themes and currency copy', async ({ browser }) => {
  const harbor = await (await browser.newContext()).newPage();
  const greenleaf = await (await browser.newContext()).newPage();
  await harbor.goto(url('harbor'));
  await greenleaf.goto(url('greenleaf'));

  await expect(harbor).toHaveTitle(/Harbor Rewards Dining/);
  await expect(greenleaf).toHaveTitle(/Greenleaf Cash Back Dining/);

  expect(await blockHeadings(harbor)).not.toEqual(await blockHeadings(greenleaf));

  // The layouts themselves: each page renders its own partner's published home layout (waiting
  // until every block is there, since blocks may suspend), and the two sequences of block types differ.
  const types: Record<string, string[]> = {};
  for (const [partner, page] of [
    ['harbor', harbor],
    ['greenleaf', greenleaf],
  ] as const) {
    const expected = anonymousBlockTypes(await publishedLayout(page.request, partner, 'home'));
    expect(expected.length, `${partner}'s home layout has blocks for anonymous visitors`).toBeGreaterThan(1);
    await expect.poll(() => renderedBlockTypes(page), { message: `${partner} home renders its layout's blocks` }).toEqual(expected);
    types[partner] = await renderedBlockTypes(page);
  }
  expect(types.harbor).not.toEqual(types.greenleaf);

  const joinColour = (page: Page) =>
    page
      .getByRole('banner')
      .getByRole('link', { name: /join/i })
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await joinColour(harbor)).not.toBe(await joinColour(greenleaf));
  const logo = (page: Page) => page.getByRole('banner').locator('img').first().getAttribute('src');
  expect(await logo(harbor)).not.toBe(await logo(greenleaf));
  const bodyFont = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(await bodyFont(harbor)).not.toBe(await bodyFont(greenleaf));

  await expect(harbor.getByRole('main')).toContainText(/points/i);
  await expect(harbor.getByRole('main')).not.toContainText(/cash back/i);
  await expect(greenleaf.getByRole('main')).toContainText(/cash back/i);
});

test('(b) draft, preview, publish and rollback of a reordered layout, without restart', async ({ browser }) => {
  const partner = 'skyline';
  const editorContext = await browser.newContext();
  const token = await signInEditor(editorContext.request, partner);
  const original = await publishedLayout(editorContext.request, partner, 'discover');

  const member = await (await browser.newContext()).newPage();
  await member.goto(url(partner));
  const before = await blockHeadings(member);
  expect(before.length).toBeGreaterThan(1);

  // From the first save on, other specs (and the next run of this one) could see the edit: put the
  // original layout back whatever happens here, as a published version with no draft left over.
  try {
    // Editor saves the layout with the order reversed, as a draft.
    const reordered: Layout = { ...original, order: [...original.order].reverse() };
    const save = await editorContext.request.put(url(partner, '/api/cms/editor/entries/discover/page-layout'), {
      headers: { 'X-XSRF-TOKEN': token },
      data: { fields: reordered },
    });
    expect(save.status()).toBe(200);

    await member.reload();
    expect(await blockHeadings(member)).toEqual(before);

    const preview = await editorContext.newPage();
    await preview.goto(url(partner, '/?preview=1'));
    const previewHeadings = await blockHeadings(preview);
    expect(previewHeadings).not.toEqual(before);
    expect([...previewHeadings].sort()).toEqual([...before].sort());

    const publish = await editorContext.request.post(url(partner, '/api/cms/editor/entries/discover/page-layout/publish'), {
      headers: { 'X-XSRF-TOKEN': token },
    });
    expect(publish.ok()).toBe(true);
    await member.reload();
    expect(await blockHeadings(member)).toEqual(previewHeadings);

    const versions = (await (
      await editorContext.request.get(url(partner, '/api/cms/editor/entries/discover/page-layout/versions'))
    ).json()) as {
      versions: Array<{ version: number }>;
    };
    const oldest = Math.min(...versions.versions.map((v) => v.version));
    const rollback = await editorContext.request.post(url(partner, '/api/cms/editor/entries/discover/page-layout/rollback'), {
      headers: { 'X-XSRF-TOKEN': token },
      data: { version: oldest },
    });
    expect(rollback.ok()).toBe(true);
    await member.reload();
    expect(await blockHeadings(member)).toEqual(before);
  } finally {
    await publishLayout(editorContext.request, token, partner, 'discover', original);
  }
});

test('(c) an unknown block and a block with invalid props: publish refused, members keep the page, the preview keeps every other block', async ({
  browser,
}) => {
  const partner = 'metro';
  const editorContext = await browser.newContext();
  const token = await signInEditor(editorContext.request, partner);
  const original = await publishedLayout(editorContext.request, partner, 'home');

  const member = await (await browser.newContext()).newPage();
  await member.goto(url(partner));
  const before = await blockHeadings(member);

  const broken: Layout = {
    ...original,
    blocks: {
      ...original.blocks,
      mystery: { type: 'no-such-block', props: {} },
      badSteps: { type: 'how-it-works', props: { headline: 42 } },
    },
    order: ['mystery', ...original.order.slice(0, 1), 'badSteps', ...original.order.slice(1)],
  };
  const entryUrl = url(partner, '/api/cms/editor/entries/home/page-layout');
  // Other specs visit this partner's home page: put the layout back whatever happens here.
  try {
    // Kept as a draft with its problems (no edit is lost) ...
    const save = await editorContext.request.put(entryUrl, { headers: { 'X-XSRF-TOKEN': token }, data: { fields: broken } });
    expect(save.status()).toBe(200);
    // ... but it cannot go live: the refusal names both blocks.
    const publish = await editorContext.request.post(`${entryUrl}/publish`, { headers: { 'X-XSRF-TOKEN': token } });
    expect(publish.status()).toBe(422);
    const pointers = ((await publish.json()) as { problems: Array<{ pointer: string }> }).problems.map((p) => p.pointer).join(' ');
    expect(pointers).toContain('/blocks/mystery');
    expect(pointers).toContain('/blocks/badSteps/props/headline');

    await member.reload();
    expect(await blockHeadings(member)).toEqual(before);
    await expect(member.getByText(/could not be shown/)).toHaveCount(0);

    // The editor's preview of the draft shows where each bad block is, and every other block.
    const preview = await editorContext.newPage();
    await preview.goto(url(partner, '/?preview=1'));
    await expect(preview.getByRole('note', { name: /Block "mystery" \(no-such-block\) could not be shown/ })).toContainText(
      '#/blocks/mystery/type: unknown block type "no-such-block"',
    );
    await expect(preview.getByRole('note', { name: /Block "badSteps" \(how-it-works\) could not be shown/ })).toContainText(
      '/blocks/badSteps/props/headline',
    );
    expect(await blockHeadings(preview)).toEqual(before);
  } finally {
    await publishLayout(editorContext.request, token, partner, 'home', original);
  }
});

test('(d) a partner file edited on disk changes the page on reload; an invalid edit keeps the old page', async ({ page }) => {
  await page.goto(url('openplate'));
  await expect(page).toHaveTitle(/OpenPlate City Guide/);
  const restoreName = patchPartner('openplate', { programName: 'OpenPlate Late Night' });
  let restoreBroken = () => {};
  try {
    await gotoUntil(page, url('openplate'), async () => /OpenPlate Late Night/.test(await page.title()));

    restoreBroken = patchPartner('openplate', { programName: 'Broken Edit', currencyType: 'Yen' });
    // The server checks the files again within a moment; give it that moment, then the page must
    // still be the last valid one.
    await page.waitForTimeout(500);
    await page.reload();
    await expect(page).toHaveTitle(/OpenPlate Late Night/);
    await expect(page.getByRole('main')).toBeVisible();
  } finally {
    restoreBroken();
    restoreName();
  }
});
