// Partner-loaded cards (spec 001 §2, §3, §5, §7): GET /api/Cards/AllPartnerCards and linking them
// through POST /api/Member/Cards (and re-enrolment) by partnerCardId. metro loads cards; the seed
// gives noncard@metro.example 3 and fleet@metro.example 14 (src/server/seed/members.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CardRegistrationResult, PartnerCard } from '#shared/generated/types.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { captchaToken, encryptCard, origin, providersFor, session, signIn } from './auth-helpers.ts';

let t: TestApp;
let providers: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  providers = await providersFor(t);
});
afterAll(async () => {
  await providers.close();
  await t.close();
});

// The members whose partner cards the tests link start as seeded (non-card members, none of their
// cards linked) whichever test linked some before, so each test passes alone and in any order.
beforeEach(async () => {
  await t.db.exec(`
    delete from member_cards where member_id in (select id from members where public_id in ('metro-noncard', 'metro-fleet'));
    update members set member_type = 'NonCardMember' where public_id in ('metro-noncard', 'metro-fleet');`);
});

type Session = Awaited<ReturnType<typeof session>>;

async function signedIn(partner: string, email: string, ip: string): Promise<Session> {
  const s = await session(t.app, partner, ip);
  const res = await signIn(t.app, s, email);
  expect(res.statusCode, `sign-in of ${email}`).toBe(200);
  return s;
}

async function partnerCards(s: Session) {
  return t.app.inject({ method: 'GET', url: '/api/Cards/AllPartnerCards', headers: s.headers() });
}

async function listed(s: Session): Promise<PartnerCard[]> {
  const res = await partnerCards(s);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function register(s: Session, partner: string, cards: object[], url = '/api/Member/Cards') {
  const token = await captchaToken(providers, origin(partner));
  return t.app.inject({
    method: 'POST',
    url,
    headers: s.headers({ origin: origin(partner) }),
    payload: { creditCards: cards, directFileFeedOptIn: true, gRecaptchaResponse: token },
  });
}

const asEntry = (c: PartnerCard) => ({ partnerCardId: c.partnerCardId, lastFour: c.lastFour, cardType: c.cardType });
const codes = (res: { json(): unknown }) => (res.json() as CardRegistrationResult).cardRegistration.map((e) => e.error?.code ?? 'linked');

describe('GET /api/Cards/AllPartnerCards', () => {
  it('answers 401 when signed out', async () => {
    const anonymous = await session(t.app, 'metro', '10.30.0.1');
    const res = await partnerCards(anonymous);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Unauthorized');
  });

  it("lists the member's partner cards as {partnerCardId, cardType, lastFour}, uncached", async () => {
    const s = await signedIn('metro', 'noncard@metro.example', '10.30.0.2');
    const res = await partnerCards(s);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const cards = res.json() as PartnerCard[];
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(Object.keys(card).sort()).toEqual(['cardType', 'lastFour', 'partnerCardId']);
      expect(card.lastFour).toMatch(/^\d{4}$/);
      expect(['visa', 'mastercard', 'amex', 'discover']).toContain(card.cardType);
    }
    expect(cards.map((c) => c.lastFour)).toEqual(['1881', '4444', '8431']);

    const fleet = await signedIn('metro', 'fleet@metro.example', '10.30.0.3');
    const fleetCards = await listed(fleet);
    expect(fleetCards).toHaveLength(14);
    // Each member sees only their own.
    expect(fleetCards.some((c) => cards.some((d) => d.partnerCardId === c.partnerCardId))).toBe(false);
  });

  it('answers [] for a member without partner cards, and 404 on a partner that loads none', async () => {
    expect(await listed(await signedIn('metro', 'card0@metro.example', '10.30.0.4'))).toEqual([]);
    // skyline and greenleaf have hasPartnerLoadedCards false: the call does not exist there.
    for (const [partner, ip] of [
      ['skyline', '10.30.0.5'],
      ['greenleaf', '10.30.0.6'],
    ] as const) {
      const res = await partnerCards(await signedIn(partner, `noncard@${partner}.example`, ip));
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('POST /api/Member/Cards with partnerCardId', () => {
  it("links partner cards with the partner's type and last four, whatever the request said", async () => {
    const s = await signedIn('metro', 'noncard@metro.example', '10.31.0.1');
    const [first, second, third] = await listed(s);
    if (!first || !second || !third) throw new Error('noncard@metro.example should have 3 partner cards');
    const res = await register(s, 'metro', [
      // A client claiming another type and last four gets the card on file as it is on file.
      { partnerCardId: first.partnerCardId, lastFour: '9999', cardType: 'discover' },
      asEntry(second),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRegistration).toEqual([
      {
        lastFour: first.lastFour,
        cardType: first.cardType,
        memberCard: {
          id: expect.any(String),
          description: 'Visa',
          cardType: first.cardType,
          lastFour: first.lastFour,
          partnerCardId: first.partnerCardId,
        },
      },
      {
        lastFour: second.lastFour,
        cardType: second.cardType,
        memberCard: {
          id: expect.any(String),
          description: 'Mastercard',
          cardType: second.cardType,
          lastFour: second.lastFour,
          partnerCardId: second.partnerCardId,
        },
      },
    ]);
    // Linked cards are no longer offered; the member is a card member with them listed.
    expect((await listed(s)).map((c) => c.partnerCardId)).toEqual([third.partnerCardId]);
    const me = await t.app.inject({ method: 'GET', url: '/api/Member', headers: s.headers() });
    expect(me.json().memberType).toBe('EnrolledCardMember');
    const cards = await t.app.inject({ method: 'GET', url: '/api/Member/Cards', headers: s.headers() });
    expect(cards.json()).toEqual([
      expect.objectContaining({ lastFour: first.lastFour, partnerCardId: first.partnerCardId }),
      expect.objectContaining({ lastFour: second.lastFour, partnerCardId: second.partnerCardId }),
    ]);

    // The same card again is the existing per-card duplicate error.
    const again = await register(s, 'metro', [asEntry(first)]);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'none_linked' });
    expect(again.json().cardRegistration).toEqual([
      {
        lastFour: first.lastFour,
        cardType: first.cardType,
        error: { code: 'duplicate', message: 'This card is already linked to your account.' },
      },
    ]);
  });

  it('links a partner card and a typed card in one registration, and the same card twice only once', async () => {
    const s = await signedIn('metro', 'noncard@metro.example', '10.31.0.2');
    // Two of the three linked, as the previous test does: one left.
    const [first, second, remaining] = await listed(s);
    if (!first || !second || !remaining) throw new Error('noncard@metro.example should have 3 partner cards');
    expect(codes(await register(s, 'metro', [asEntry(first), asEntry(second)]))).toEqual(['linked', 'linked']);
    expect(await listed(s)).toEqual([remaining]);
    const res = await register(s, 'metro', [
      asEntry(remaining),
      asEntry(remaining),
      { encryptedCardNumber: await encryptCard(providers, '6011000990139424'), lastFour: '9424', cardType: 'discover' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(codes(res)).toEqual(['linked', 'duplicate', 'linked']);
    expect(await listed(s)).toEqual([]);
  });

  it("refuses unknown ids, another member's, and ids on a partner that loads no cards, per card", async () => {
    const fleet = await signedIn('metro', 'fleet@metro.example', '10.31.0.3');
    const [fleetCard] = await listed(fleet);
    if (!fleetCard) throw new Error('fleet@metro.example should have partner cards');
    const other = await signedIn('metro', 'card2@metro.example', '10.31.0.4');
    const res = await register(other, 'metro', [
      asEntry(fleetCard),
      { partnerCardId: 'METRO-NO-SUCH-CARD', lastFour: '1234', cardType: 'visa' },
      { partnerCardId: '', lastFour: '1234', cardType: 'visa' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().cardRegistration).toEqual([
      // A foreign card is refused with the request's own description only: nothing of the owner's record leaks.
      {
        lastFour: fleetCard.lastFour,
        cardType: fleetCard.cardType,
        error: { code: 'unknown_card', message: 'This card is not on file for your account.' },
      },
      { lastFour: '1234', cardType: 'visa', error: { code: 'unknown_card', message: 'This card is not on file for your account.' } },
      { lastFour: '1234', cardType: 'visa', error: { code: 'unknown_card', message: 'This card is not on file for your account.' } },
    ]);
    // The owner still has it.
    expect((await listed(fleet)).map((c) => c.partnerCardId)).toContain(fleetCard.partnerCardId);

    // greenleaf loads no cards: a metro id there is unknown too.
    const greenleaf = await signedIn('greenleaf', 'noncard@greenleaf.example', '10.31.0.5');
    expect(codes(await register(greenleaf, 'greenleaf', [asEntry(fleetCard)]))).toEqual(['unknown_card']);
  });

  it('refuses an entry naming both a card number and a partner card', async () => {
    const s = await signedIn('metro', 'vip@metro.example', '10.31.0.6');
    const res = await register(s, 'metro', [
      {
        partnerCardId: 'METRO-FLEET-001',
        encryptedCardNumber: await encryptCard(providers, '4012888888881881'),
        lastFour: '1881',
        cardType: 'visa',
      },
    ]);
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toEqual(['ambiguous']);
  });

  it('takes at most 12 cards per registration, the typed card counting as one', async () => {
    const s = await signedIn('metro', 'fleet@metro.example', '10.31.0.7');
    const all = await listed(s);
    expect(all).toHaveLength(14);
    const typed = { encryptedCardNumber: await encryptCard(providers, '4000056655665556'), lastFour: '5556', cardType: 'visa' };

    // 13 cards on file, or 12 plus a typed card: refused as a whole, nothing linked.
    for (const cards of [all.slice(0, 13).map(asEntry), [...all.slice(0, 12).map(asEntry), typed]]) {
      const res = await register(s, 'metro', cards);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'too_many', cardRegistration: [] });
    }
    expect(await listed(s)).toHaveLength(14);

    // 11 on file plus the typed card: all 12 linked.
    const res = await register(s, 'metro', [...all.slice(0, 11).map(asEntry), typed]);
    expect(res.statusCode).toBe(200);
    expect(codes(res)).toEqual(Array.from({ length: 12 }, () => 'linked'));
    expect((await listed(s)).map((c) => c.partnerCardId)).toEqual(all.slice(11).map((c) => c.partnerCardId));
  });
});

describe('POST /api/Member/Reenroll with partnerCardId', () => {
  it('reopens a closed account with a card on file', async () => {
    const s = await signedIn('metro', 'closed@metro.example', '10.32.0.1');
    // The seed gives closed@metro.example none; the partner loads one for it here.
    await t.db.query(
      `insert into partner_cards (partner_id, member_id, partner_card_id, card_type, last_four)
       select 'metro', id, 'METRO-CLOSED-001', 'amex', '3005' from members where public_id = 'metro-closed'`,
    );
    const [card] = await listed(s);
    expect(card).toEqual({ partnerCardId: 'METRO-CLOSED-001', cardType: 'amex', lastFour: '3005' });
    const res = await register(s, 'metro', [asEntry(card!)], '/api/Member/Reenroll');
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRegistration[0].memberCard).toMatchObject({
      description: 'American Express',
      lastFour: '3005',
      partnerCardId: 'METRO-CLOSED-001',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/Member', headers: s.headers() });
    expect(me.json().memberType).toBe('EnrolledCardMember');
  });
});
