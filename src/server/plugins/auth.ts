// Who is asking: one plugin finds the member or editor behind a request's session cookie, once per
// request, and offers the preHandlers routes declare instead of checking inside handlers:
//   app.get('/api/Member/Cards', { preHandler: app.requireMember }, (request) => request.member.id)
//   scope.addHook('onRequest', scope.requireEditor)
// Which partner settings a call needs is declared with plugins/gates.ts (app.requireGate, an
// onRequest hook), which answers 404 before these run.
// A session counts only on its own partner's host.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findMemberById, type MemberRow } from '../repos/members.ts';
import { findEditorById, type EditorRow } from '../repos/editors.ts';
import { EDITOR_COOKIE, findSession, MEMBER_COOKIE, type Session } from '../sessions.ts';
import { errorBody, sendError } from '../error-reply.ts';

export interface SignedInMember {
  session: Session;
  member: MemberRow;
}
export interface SignedInEditor {
  session: Session;
  editor: EditorRow;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** 401 unless the request has a member session of this host's partner; then `request.member` is set. */
    requireMember: Guard;
    /** 401 without an editor session, 403 for another partner's editor; then `request.editor` is set. */
    requireEditor: Guard;
  }
  interface FastifyRequest {
    /** The signed-in member; set by `requireMember` (null on routes that do not declare it). */
    member: MemberRow;
    memberSession: Session;
    editor: EditorRow;
    editorSession: Session;
    /** The signed-in member of this partner or null, looked up once per request. */
    signedInMember(): Promise<SignedInMember | null>;
  }
}

// `code` lets the same body satisfy both error schemas (api/error and api/auth-error).
const unauthorized = errorBody(401, 'Unauthorized', { code: 'unauthorized' });

const memberLookups = new WeakMap<FastifyRequest, Promise<SignedInMember | null>>();

async function lookUpMember(request: FastifyRequest): Promise<SignedInMember | null> {
  const db = request.server.db;
  const session = await findSession(db, request.cookies[MEMBER_COOKIE], 'member');
  if (!session || session.partnerId !== request.partner.id) return null;
  const member = await findMemberById(db, session.subjectId);
  return member ? { session, member } : null;
}

export default fp(
  async (app) => {
    app.decorateRequest('member', null as unknown as MemberRow);
    app.decorateRequest('memberSession', null as unknown as Session);
    app.decorateRequest('editor', null as unknown as EditorRow);
    app.decorateRequest('editorSession', null as unknown as Session);
    app.decorateRequest('signedInMember', function (this: FastifyRequest) {
      let lookup = memberLookups.get(this);
      if (!lookup) {
        lookup = lookUpMember(this);
        memberLookups.set(this, lookup);
      }
      return lookup;
    });

    app.decorate('requireMember', async (request: FastifyRequest, reply: FastifyReply) => {
      const found = await request.signedInMember();
      if (!found) {
        reply.header('cache-control', 'no-store');
        return reply.code(401).send(unauthorized);
      }
      request.member = found.member;
      request.memberSession = found.session;
    });

    app.decorate('requireEditor', async (request: FastifyRequest, reply: FastifyReply) => {
      const message = errorBody(401, 'Sign in as an editor first.');
      const session = await findSession(app.db, request.cookies[EDITOR_COOKIE], 'editor');
      if (!session) return reply.code(401).send(message);
      if (session.partnerId !== request.partner.id) {
        return sendError(reply, 403, 'This editor account belongs to another partner.');
      }
      const editor = await findEditorById(app.db, session.subjectId);
      if (!editor || editor.partner_id !== session.partnerId) return reply.code(401).send(message);
      request.editor = editor;
      request.editorSession = session;
    });
  },
  { name: 'auth' },
);
