// One bad block never blanks a server-rendered page: the browse link's component throws while the
// server renders the home page; the page still goes out rendered (frame and the other blocks), the
// failed block's place holds its Suspense fallback for the browser to retry (and report, as the
// browser reports dropped blocks), and the server logs the problem with the page.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, stubClientDir, host, root, type TestApp } from './helpers.ts';

vi.mock('#registry/browse-link/BrowseLink.tsx', () => ({
  BrowseLink: () => {
    throw new Error('the browse link broke');
  },
}));

const logged: Array<Record<string, unknown>> = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logged.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = stubClientDir({
    'index.html': '<!doctype html><html><head><title>Menuboard</title></head><body><div id="root"></div></body></html>',
  });
  mkdirSync(join(clientDir, 'ssr'));
  writeFileSync(join(clientDir, 'ssr/render.js'), `export * from ${JSON.stringify(join(root, 'src/client/server-render.tsx'))};\n`);
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
