// A scheduled publish goes live because the listening server looks for due schedules on its own,
// at most 10 seconds after their time (the poll of src/server/routes/cms-schedule.ts), not only when something
// moves the app's clock. The poll's interval is faked (only setInterval: the database, real time and
// the app's clock run as in production), so the test sees the timer fire without waiting 10 seconds.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedEditors } from '#server/seed/editors.ts';
import { createTestApp, host, signedInEditor, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedEditors(t.db, ['greenleaf']);
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

const POLL_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function liveBody(slug: string): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url: '/api/cms/pages/popup/?page_size=100', headers: host('greenleaf') });
  return (res.json().data as Array<{ slug: string; fields: { body_text?: string } }>).find((p) => p.slug === slug)?.fields.body_text;
}

describe('the scheduled-publish timer', () => {
  it('publishes a due schedule at its next check, with nobody calling the server', async () => {
    const { jar, token } = await signedInEditor(t.app, 'greenleaf');
    const call = (method: 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { ...host('greenleaf'), cookie: jar.header(), 'x-xsrf-token': token }, payload });
    const url = '/api/cms/editor/entries/popup/on-the-hour';
    expect((await call('PUT', url, { fields: { title: 'Timed', body_text: '<p>Now live</p>' } })).statusCode).toBe(200);
    const at = Date.now() + 400;
    expect((await call('PUT', `${url}/schedule`, { publish_at: new Date(at).toISOString() })).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The time comes and goes; the check at start ran before it, so nothing has published yet.
    while (Date.now() <= at + 50) await sleep(50);
    await sleep(200);
    expect(await liveBody('on-the-hour')).toBeUndefined();

    // The next check: the schedule is due, so the entry goes live without any other request.
    vi.advanceTimersByTime(POLL_MS);
    const deadline = Date.now() + 10_000;
    let body = await liveBody('on-the-hour');
    while (body === undefined && Date.now() < deadline) {
      await sleep(100);
      body = await liveBody('on-the-hour');
    }
    expect(body).toBe('<p>Now live</p>');
  });
});
