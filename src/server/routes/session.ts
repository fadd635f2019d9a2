// Session end and the JS-readable expiry cookie (spec 000 §4, §7, §9).
// The session id itself stays in the HttpOnly mb_session cookie; the browser only learns when the
// session ends, so it can warn 60 s before and go to /SignOut at expiry.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteSession, MEMBER_COOKIE } from '../sessions.ts';
import { clearSessionCookies } from '../auth/member-session.ts';
import { crossSiteReason } from '../auth/same-origin.ts';
import { isDatabaseUnavailable } from '../plugins/errors.ts';
import { errorBody } from '../error-reply.ts';

/** The /SignOut page (any case, as the client router matches it), whose script signs out. */
const SIGN_OUT_PAGE = /^\/signout\/?(?:\?|$)/i;

/** Sessions signed out while the database was away, deleted once it answers again (bounded). */
const MAX_PENDING = 10_000;

export default fp(
  async function session(app: FastifyInstance): Promise<void> {
    const pendingDeletes = new Set<string>();
    const retry = setInterval(() => {
      for (const id of pendingDeletes) {
        deleteSession(app.db, id).then(
          () => pendingDeletes.delete(id),
          () => {},
        );
      }
    }, 5000).unref();
    app.addHook('onClose', (_app, done) => {
      clearInterval(retry);
      done();
    });
    const deleteLater = (id: string) => {
      if (pendingDeletes.size < MAX_PENDING) pendingDeletes.add(id);
    };

    // Another site may link to /SignOut (a top-level navigation carries the Lax session cookie and
    // the page's own script would then sign out): such a visit lands on the home page instead.
    // Callback-style: every request runs it (see app.ts). Redirecting answers; done is not called then.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' || !SIGN_OUT_PAGE.test(request.url) || crossSiteReason(request) === null) return done();
      void reply.redirect('/', 303);
    });

    // GET (not POST) because the spec's client calls it with keepalive while the page unloads; it only
    // ends the caller's own member session (the editor session is a different cookie and survives).
    // A request another site started (an image, a link, a form) is refused.
    app.get(
      '/api/SignOut',
      { schema: { response: { 200: { $ref: 'api/signout.schema.json#' }, 403: { $ref: 'api/error.schema.json#' } } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (crossSiteReason(request) !== null) {
          return reply.code(403).send(errorBody(403, 'Sign out from the app itself.', { code: 'cross_site' }));
        }
        // The cookies go whatever the database says: during an outage the session row is deleted
        // later (the browser has forgotten it already), and the member is signed out of this browser.
        const id = request.cookies[MEMBER_COOKIE];
        try {
          await deleteSession(app.db, id);
        } catch (error) {
          if (!isDatabaseUnavailable(error) || !id) throw error;
          request.log.warn('database unavailable at sign-out; the cookies are cleared and the session is deleted once it is back');
          deleteLater(id);
        }
        clearSessionCookies(reply);
        app.rotateCsrfToken(request, reply, { member: null });
        return { signedOut: true };
      },
    );
  },
  { name: 'session-routes' },
);
