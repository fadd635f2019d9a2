// The page editor's HTML: /editor and everything under it, on every partner host. It is
// its own Vite entry (editor.html -> its own chunks), so the member pages never load editor code.
// Same security headers as the member shell (plugins/security-headers.ts sets them for any HTML):
// the one inline element carries this response's nonce. Signing in happens in the page through the
// editor API; the page itself is the same for everyone (no member, no drafts), so it is not cached.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EDITOR_BOOTSTRAP_ELEMENT_ID, EDITOR_COPY_PREFIX, type EditorBootstrap } from '#shared/editor-bootstrap.ts';
import { partnerFlags, placeholdersFor } from '#shared/partner.ts';
import { escapeHtml, scriptJson } from '#shared/html.ts';
import { themeCss } from '#shared/theme.ts';
import { availableRoutes, homePageOf } from '#shared/routes.ts';
import { cspNonce } from '../plugins/security-headers.ts';

export function editorBootstrap(request: FastifyRequest, production: boolean): EditorBootstrap {
  const { config, copy } = request.partner;
  return {
    partner: {
      id: request.partner.id,
      name: config.name,
      programName: config.programName,
      flags: partnerFlags(config),
      enrollmentType: config.enrollmentType,
      homePage: homePageOf(config),
      routes: availableRoutes(config, { production })
        .filter((route) => route.path !== '*')
        .map(({ path, caseSensitive }) => (caseSensitive ? { path, caseSensitive } : { path })),
      placeholders: { ...placeholdersFor(request.partner) },
    },
    copy: Object.fromEntries(
      Object.entries(copy).filter(
        (pair): pair is [string, string] => pair[0].startsWith(EDITOR_COPY_PREFIX) && typeof pair[1] === 'string',
      ),
    ),
  };
}

export default async function editorShell(app: FastifyInstance): Promise<void> {
  const templatePath = join(app.config.clientDir, 'editor.html');
  // Read once, like the member shell: a new build means a restart.
  const template = existsSync(templatePath) ? readFileSync(templatePath, 'utf8') : null;

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    if (template === null) {
      return reply.code(503).type('text/plain').send('The client is not built. Run `npm run build` (npm start does it for you).');
    }
    const bootstrap = editorBootstrap(request, app.config.production);
    const nonce = cspNonce(reply);
    // The live preview is the member app of this origin in a frame.
    reply.mbSameOriginFrames = 'embed';
    const title = (bootstrap.copy['editor.title'] ?? 'Editor').replace('{programName}', bootstrap.partner.programName);
    const head = [
      `<title>${escapeHtml(title)}</title>`,
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
      `<style id="mb-theme" nonce="${nonce}">${themeCss(request.partner.theme)}</style>`,
      `<script id="${EDITOR_BOOTSTRAP_ELEMENT_ID}" type="application/json" nonce="${nonce}">${scriptJson(bootstrap)}</script>`,
    ].join('\n');
    const html = template.replace(/<title>.*?<\/title>/, '').replace('</head>', `${head}\n</head>`);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  app.get('/editor', serve);
  app.get('/editor/*', serve);
}
