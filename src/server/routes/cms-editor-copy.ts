// GET /api/cms/editor/copy-catalogue: the wording of the partner's member pages for the editor's
// Wording screen: every copy key members can see (not the editor's own `editor.*`), its text from
// the partner's catalogue, and where that text comes from: the partner's own copy file, or the
// Menuboard default it falls back to. What editors changed (the site-wide "copy" entry's draft and
// live overrides) the screen reads from that entry itself. Editors of the request host's partner only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EDITOR_COPY_PREFIX } from '#shared/editor-bootstrap.ts';

const ERROR = { $ref: 'api/error.schema.json#' };

/** The keys the partner's own copy file sets (its other keys come from the base catalogue). */
function ownKeys(partnersDir: string, partnerId: string): ReadonlySet<string> {
  try {
    const own = JSON.parse(readFileSync(join(partnersDir, partnerId, 'copy.json'), 'utf8')) as unknown;
    return new Set(own && typeof own === 'object' && !Array.isArray(own) ? Object.keys(own) : []);
  } catch {
    // No own file (or one the registry refused): every key is the default.
    return new Set();
  }
}

export default async function cmsEditorCopy(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', app.requireEditor);
    scope.get(
      '/api/cms/editor/copy-catalogue',
      {
        schema: {
          response: {
            200: {
              type: 'object',
              additionalProperties: false,
              required: ['keys'],
              properties: {
                keys: {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['key', 'text', 'from'],
                    properties: {
                      key: { type: 'string' },
                      text: { type: 'string' },
                      from: { enum: ['partner', 'default'] },
                    },
                  },
                },
              },
            },
            401: ERROR,
            403: ERROR,
          },
        },
      },
      async (request) => {
        const own = ownKeys(app.config.partnersDir, request.partner.id);
        const keys = Object.entries(request.partner.copy)
          .filter((pair): pair is [string, string] => !pair[0].startsWith(EDITOR_COPY_PREFIX) && typeof pair[1] === 'string')
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, text]) => ({ key, text, from: own.has(key) ? ('partner' as const) : ('default' as const) }));
        return { keys };
      },
    );
  });
}
