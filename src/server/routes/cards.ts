// Linked cards (spec 001 §3, §7, §8):
//   GET  /api/Member/Cards            -> the member's cards
//   GET  /api/Cards/AllPartnerCards   -> the member's partner-loaded cards not linked yet
//   POST /api/Member/Cards  {creditCards[], directFileFeedOptIn, gRecaptchaResponse} -> {cardRegistration[]}
// Card numbers arrive RSA-OAEP encrypted by the card-entry frame on the providers origin; they are
// decrypted here only to check them (Luhn, type, partner's accepted types, last four) and to
// fingerprint them, and are never stored. A partner-loaded card arrives as its partnerCardId
// instead; its type and last four come from the partner's record, never from the request.
// 401 when signed out (the client answers with the status text); other refusals carry a
// cardRegistration body.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CardRegistrationRequest, CardRegistrationResult } from '#shared/generated/types.ts';
import { CARD_TERMS_MESSAGE, checkCardNumber, MAX_CARDS_PER_REGISTRATION } from '#shared/cards.ts';

import { cardKeys } from '../auth/card-keys.ts';
import { verifyCaptcha } from '../auth/captcha.ts';
import { MESSAGES } from '../auth/replies.ts';
import { apiSchema } from '../auth/api-schema.ts';
import type { Queryable } from '../db/index.ts';
import { cardRules } from '../partners/settings.ts';
import {
  findPartnerCard,
  insertMemberCard,
  listCards,
  listPartnerCards,
  lockMemberCardCount,
  markCardMember,
  type CardToLink,
} from '../repos/cards.ts';

/**
 * The fingerprint a linked partner card gets. member_cards needs one per card, and deriving it from
 * the partner's id makes a second link of the same card hit the (partner_id, fingerprint) conflict
 * like any duplicate; the "partner:" prefix keeps it apart from number fingerprints (base64url HMACs).
 */
function partnerCardFingerprint(partnerCardId: string): string {
  return `partner:${partnerCardId}`;
}

/**
 * Links one checked card to the member: typed numbers and cards on file alike. A card already
 * linked (same fingerprint) answers duplicate when it is this member's, in_use when another's.
 */
async function linkCard(db: Queryable, memberId: number, partnerId: string, card: CardToLink): Promise<Entry> {
  const entry: Entry = { lastFour: card.lastFour, cardType: card.cardType };
  const result = await insertMemberCard(db, memberId, partnerId, card);
  if ('linked' in result) return { ...entry, memberCard: result.linked };
  return result.alreadyLinkedBy === 'mine'
    ? { ...entry, error: { code: 'duplicate', message: 'This card is already linked to your account.' } }
    : { ...entry, error: { code: 'in_use', message: 'This card is already linked to another account.' } };
}

type Entry = CardRegistrationResult['cardRegistration'][number];

function refuse(reply: FastifyReply, status: number, code: string, message: string, entries: Entry[] = []) {
  return reply.code(status).send({ cardRegistration: entries, code, message } satisfies CardRegistrationResult);
}

/**
 * One registration. `mode` reenroll: only a closed account may use it (POST /api/Member/Reenroll);
 * cards: any signed-in member. Success turns a non-card or closed member into a card member.
 */
export async function registerCards(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: CardRegistrationRequest }>,
  reply: FastifyReply,
  mode: 'cards' | 'reenroll',
) {
  reply.header('cache-control', 'no-store');
  const member = request.member;
  if (mode === 'reenroll' && member.member_type !== 'ClosedAccountMember')
    return refuse(reply, 409, 'not_closed', 'This account is not closed.');

  // Entries without lastFour are dropped, as the client does (spec 000 §5).
  const cards = request.body.creditCards.filter((c) => typeof c.lastFour === 'string' && c.lastFour !== '');
  if (cards.length === 0) return refuse(reply, 400, 'no_cards', 'Please enter your credit card number.');
  if (cards.length > MAX_CARDS_PER_REGISTRATION)
    return refuse(reply, 400, 'too_many', `At most ${MAX_CARDS_PER_REGISTRATION} cards can be linked at once.`);
  if (request.body.directFileFeedOptIn !== true) return refuse(reply, 400, 'terms', CARD_TERMS_MESSAGE);
  if (!(await verifyCaptcha(app, request, request.body.gRecaptchaResponse))) return refuse(reply, 400, 'captcha', MESSAGES.captcha);

  const keys = await cardKeys(app.db);
  // The count and the links in one transaction holding the member's row: registrations of one member
  // running at once (on any instance) take turns, so together they never pass the maximum.
  const results = await app.db.transaction((tx) => linkAll(tx, keys, request, cards));
  const linked = results.filter((r) => r.memberCard).length;
  if (linked === 0)
    return reply
      .code(400)
      .send({ cardRegistration: results, code: 'none_linked', message: 'No card was linked.' } satisfies CardRegistrationResult);
  return { cardRegistration: results } satisfies CardRegistrationResult;
}

/** Checks and links each card in turn, within the member's maximum; the member becomes a card member once one links. */
async function linkAll(
  db: Queryable,
  keys: Awaited<ReturnType<typeof cardKeys>>,
  request: FastifyRequest<{ Body: CardRegistrationRequest }>,
  cards: CardRegistrationRequest['creditCards'],
): Promise<Entry[]> {
  const partner = request.partner;
  const member = request.member;
  const rules = cardRules(partner);
  let linkedCount = await lockMemberCardCount(db, member.id);
  const results: Entry[] = [];
  for (const card of cards) {
    const lastFour = card.lastFour!;
    const entry: Entry = { lastFour, cardType: card.cardType ?? '' };
    const fail = (code: string, message: string) => results.push({ ...entry, error: { code, message } });
    if (linkedCount >= rules.maxLinked) {
      fail('max_cards', `You have reached the maximum of ${rules.maxLinked} linked cards.`);
      continue;
    }
    let target: CardToLink;
    if (card.partnerCardId !== undefined) {
      // Either a number from the frame or a card on file: both at once could link one card while
      // reporting the other.
      if (card.encryptedCardNumber !== undefined) {
        fail('ambiguous', 'Send either a card number or a card on file, not both.');
        continue;
      }
      const onFile = rules.cardsOnFile ? await findPartnerCard(db, partner.id, member.id, card.partnerCardId) : undefined;
      // Unknown, another member's or another partner's id all read the same, so the answer tells
      // nothing about other accounts.
      if (!onFile) {
        fail('unknown_card', 'This card is not on file for your account.');
        continue;
      }
      // From here on the partner's record speaks, whatever the request said about the card.
      target = {
        cardType: onFile.cardType,
        lastFour: onFile.lastFour,
        fingerprint: partnerCardFingerprint(onFile.partnerCardId),
        partnerCardId: onFile.partnerCardId,
      };
    } else {
      const number = card.encryptedCardNumber ? keys.decrypt(card.encryptedCardNumber) : null;
      if (!number) {
        fail('unreadable', 'The card details could not be read. Please enter the card again.');
        continue;
      }
      const check = checkCardNumber(number, rules.typesAccepted);
      if (!check.ok) {
        fail('invalid', check.message);
        continue;
      }
      if (check.lastFour !== lastFour || (card.cardType && card.cardType !== check.cardType)) {
        fail('mismatch', 'The card details do not match. Please enter the card again.');
        continue;
      }
      target = {
        cardType: check.cardType,
        lastFour: check.lastFour,
        fingerprint: keys.fingerprint(partner.id, check.number),
        partnerCardId: null,
      };
    }
    const result = await linkCard(db, member.id, partner.id, target);
    if (result.memberCard) linkedCount += 1;
    results.push(result);
  }
  if (results.some((r) => r.memberCard) && member.member_type !== 'EnrolledCardMember') {
    await markCardMember(db, member.id);
  }
  return results;
}

const resultSchema = apiSchema('card-registration-result.schema.json');

export const cardRegistrationSchema = {
  body: { $ref: 'api/card-registration.schema.json#' },
  response: {
    200: resultSchema,
    400: resultSchema,
    409: resultSchema,
    401: { $ref: 'api/error.schema.json#' },
    404: { $ref: 'api/error.schema.json#' },
    429: { $ref: 'api/auth-error.schema.json#' },
  },
};

export default async function cardsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/Member/Cards',
    {
      onRequest: app.requireGate('enrollment'),
      preHandler: app.requireMember,
      schema: { response: { 200: apiSchema('member-cards.schema.json'), 401: { $ref: 'api/error.schema.json#' } } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listCards(app.db, request.member.id);
    },
  );

  // Partner-loaded cards (spec 001 §7): asked for only when the partner has them, and never refetched
  // by the client, so the answer is per request and never cached.
  app.get(
    '/api/Cards/AllPartnerCards',
    {
      onRequest: app.requireGate('enrollment', 'flag:hasPartnerLoadedCards', 'page:/add_card', 'page:/account/manage_cards'),
      preHandler: app.requireMember,
      schema: {
        querystring: { $ref: 'api/partner-cards-query.schema.json#' },
        response: {
          200: apiSchema('partner-cards.schema.json'),
          401: { $ref: 'api/error.schema.json#' },
          404: { $ref: 'api/error.schema.json#' },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listPartnerCards(app.db, request.partner.id, request.member.id);
    },
  );

  app.post<{ Body: CardRegistrationRequest }>(
    '/api/Member/Cards',
    {
      onRequest: app.requireGate('enrollment', 'page:/add_card', 'page:/account/manage_cards'),
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      preHandler: app.requireMember,
      schema: cardRegistrationSchema,
    },
    (request, reply) => registerCards(app, request, reply, 'cards'),
  );

  // Re-enrolment of a closed account (spec 000 "Re-enrolment page", §8): the card registration
  // payload; linking a card reopens the account as a card member.
  app.post<{ Body: CardRegistrationRequest }>(
    '/api/Member/Reenroll',
    {
      onRequest: app.requireGate('enrollment'),
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      preHandler: app.requireMember,
      schema: cardRegistrationSchema,
    },
    (request, reply) => registerCards(app, request, reply, 'reenroll'),
  );
}
