// Every route of the server, registered in one place.
import type { FastifyInstance } from 'fastify';
import featureFlags from './feature-flags.ts';
import member from './member.ts';
import location from './location.ts';
import cms from './cms.ts';
import cmsEditor from './cms-editor.ts';
import cmsEditorCopy from './cms-editor-copy.ts';
import cmsSchedule from './cms-schedule.ts';
import merchants from './merchants.ts';
import media from './media.ts';
import session from './session.ts';
import impressions from './impressions.ts';
import knownMember from './known-member.ts';
import worker from './worker.ts';
import clientProblems from './client-problems.ts';
import auth from './auth.ts';
import prospects from './prospects.ts';
import activation from './activation.ts';
import recovery from './recovery.ts';
import cards from './cards.ts';
import account from './account.ts';
import reservations from './reservations.ts';
import flexOffers from './flex-offers.ts';
import editorShell from './editor-shell.ts';
import seo from './seo.ts';
import web from './web.ts';

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(featureFlags);
  await app.register(member);
  await app.register(location);
  await app.register(cms);
  await app.register(cmsEditor);
  await app.register(cmsEditorCopy);
  await app.register(cmsSchedule);
  await app.register(merchants);
  await app.register(media);
  await app.register(session);
  await app.register(impressions);
  await app.register(knownMember);
  await app.register(worker);
  await app.register(clientProblems);
  await app.register(auth);
  await app.register(prospects);
  await app.register(activation);
  await app.register(recovery);
  await app.register(cards);
  await app.register(account);
  await app.register(reservations);
  await app.register(flexOffers);
  await app.register(editorShell);
  await app.register(seo);
  // Last: static assets and the HTML shell with history fallback.
  await app.register(web);
}
