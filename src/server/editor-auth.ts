// CMS editors: a session of kind `editor`, valid only on its own partner's host.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EDITOR_COOKIE, findSession, type Session } from './sessions.ts';
import { alwaysPreview } from './partners/settings.ts';

export async function editorSession(app: FastifyInstance, request: FastifyRequest): Promise<Session | null> {
  const session = await findSession(app.db, request.cookies[EDITOR_COOKIE], 'editor');
  if (!session || session.partnerId !== request.partner.id) return null;
  return session;
}

/** Drafts are served when the partner previews everything, or a signed-in editor asks for them. */
export async function wantsPreview(app: FastifyInstance, request: FastifyRequest, asked: boolean): Promise<boolean> {
  if (!asked) return false;
  if (alwaysPreview(request.partner)) return true;
  return (await editorSession(app, request)) !== null;
}
