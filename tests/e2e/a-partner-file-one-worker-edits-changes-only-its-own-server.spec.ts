// Browser workers do not share state (tests/e2e/worker-server.ts): a partner file one worker's
// test edits changes the pages of its own server only, never those the other worker is testing.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { patchPartner } from './frame-helpers.ts';
import { PORT, SLOT, slotPort } from './worker-server.ts';

const NAME = 'Metro Seen By One Worker';

/** The programme name metro's home page carries (in the bootstrap the server inlines). */
async function programName(request: APIRequestContext, port: number): Promise<string | undefined> {
  const res = await request.get(`http://metro.localhost:${port}/`);
  expect(res.ok()).toBe(true);
  return /"programName":"([^"]*)"/.exec(await res.text())?.[1];
}

test('a programme name patched in this worker shows on its server and not on the other worker’s', async ({ request }) => {
  const other = slotPort(SLOT === 0 ? 1 : 0);
  const otherUp = await request.get(`http://localhost:${other}/api/CSRF`).then(
    (res) => res.ok(),
    () => false,
  );
  test.skip(!otherUp, 'run with one worker: there is no other server to compare with');

  const before = await programName(request, other);
  expect(before).toBeTruthy();
  const restore = patchPartner('metro', { programName: NAME });
  try {
    // Partner files hot-reload within a moment.
    await expect.poll(() => programName(request, PORT), { timeout: 15_000 }).toBe(NAME);
    expect(await programName(request, other)).toBe(before);
  } finally {
    restore();
  }
  await expect.poll(() => programName(request, PORT), { timeout: 15_000 }).toBe(before);
});
