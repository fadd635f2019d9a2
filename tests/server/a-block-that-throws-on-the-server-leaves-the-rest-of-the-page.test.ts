// One bad block never blanks a server-rendered page: the browse link's component throws while the
// server renders the home page; the page still goes out rendered (frame and the other blocks), the
// failed block's place holds its Suspense fallback for the browser to retry (and report, as the
// browser reports dropped blocks), and the server logs the problem with the page.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { capturedLog, createTestApp, renderingClientDir, host, type TestApp } from './helpers.ts';

vi.mock('#registry/browse-link/BrowseLink.tsx', () => ({
  BrowseLink: () => {
    throw new Error('the browse link broke');
  },
}));

const { stream: logStream, lines: logged } = capturedLog();

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = renderingClientDir('<!doctype html><html><head><title>Menuboard</title></head><body><div id="root"></div></body></html>');
  t = await createTestApp({ env: { CLIENT_DIR: clientDir }, logger: { level: 'warn', stream: logStream } });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

it('a block that throws during server rendering leaves the rest of the page, and the server reports it', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/', headers: { ...host('harbor'), accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  // The markup in #root (the inlined bootstrap after it carries the layout's text too).
  const markup = res.body.slice(res.body.indexOf('<div id="root"'));
  expect(res.body.includes('data-server-rendered'), 'data-server-rendered').toBe(true);
  // The other blocks of partners/harbor/cms/home.json, and the frame's links.
  expect(markup.includes('Three steps to dining rewards'), 'Three steps to dining rewards').toBe(true);
  expect(/<footer[\s\S]*<\/footer>/.test(markup), String(/<footer[\s\S]*<\/footer>/)).toBe(true);
  // The broken block's text is not there; its boundary's fallback (client-rendered later) is.
  expect(markup.includes('Explore restaurants near you'), 'Explore restaurants near you').toBe(false);
  expect(markup.includes('<!--$!-->'), '<!--$!-->').toBe(true);
  // A page with a fallback in it is neither kept nor shared by caches: the next request renders it again.
  expect(res.headers['cache-control']).toBe('no-cache');
  const again = await t.app.inject({ method: 'GET', url: '/', headers: { ...host('harbor'), accept: 'text/html' } });
  expect(again.statusCode).toBe(200);
  const reports = logged.filter((line) => String(line.msg).startsWith('server render dropped a block'));
  expect(reports).toHaveLength(2);
  expect(reports[0]).toMatchObject({ partner: 'harbor', path: '/', msg: 'server render dropped a block: the browse link broke' });
  expect(String(reports[0]!.componentStack)).toContain('BlockFrame');
});
