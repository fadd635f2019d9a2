// GET /worker.js (spec 000 §1, §7): the service worker, served from the root so its scope is the
// whole app. Deliberately small: it takes control at once and, when the network is gone, answers
// page navigations with a short offline notice instead of the browser's error page. Nothing is
// cached, so a deploy never leaves members on stale code.
import type { FastifyInstance } from 'fastify';

export const WORKER_SCRIPT = `// Menuboard service worker
const OFFLINE_HTML = '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline</title>' +
  '<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;padding:20px;text-align:center">' +
  '<main><h1>You are offline</h1><p>Check your connection, then try again.</p><p><a href="">Try again</a></p></main></body></html>';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  event.respondWith(
    fetch(request).catch(() => new Response(OFFLINE_HTML, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } })),
  );
});
`;

export default async function worker(app: FastifyInstance): Promise<void> {
  app.get('/worker.js', async (_request, reply) => {
    reply
      .type('application/javascript; charset=utf-8')
      .header('service-worker-allowed', '/')
      // Browsers re-check the worker at most daily anyway; no-cache makes every check see a deploy.
      .header('cache-control', 'no-cache');
    return WORKER_SCRIPT;
  });
}
