// Demo members of every visitor kind for each partner with enrolment (README lists them).
// One password for all: Dining-2026!. scrypt at N=2^17 costs ~0.2 s, so it is hashed once and the
// hash reused (a demo shortcut: real members each get their own salt).
import { createHash } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { hashPassword } from '../passwords.ts';
import { loadPartner } from '../partners/registry.ts';
import { bindSsoSubjectsByExactEmail } from '../repos/members.ts';
import type { CardType } from '#shared/cards.ts';
import { checkDigit } from '#shared/partner-number.ts';

export const DEMO_PASSWORD = 'Dining-2026!';

export interface DemoMember {
  key: string;
  email: string;
  publicId: string;
  firstName: string;
  lastName: string;
  memberType: 'EnrolledCardMember' | 'NonCardMember' | 'ClosedAccountMember';
  tierLevel: number;
  hasWebProfile: boolean;
  active: boolean;
  emailOptIn: boolean;
  partnerNumber: string | null;
  cards: Array<{ cardType: CardType; lastFour: string }>;
  /** Cards the partner holds for the member (partners with hasPartnerLoadedCards), not linked yet. */
  partnerCards: DemoPartnerCard[];
  /** What a person would use it for (README table). */
  purpose: string;
}

export interface DemoPartnerCard {
  partnerCardId: string;
  cardType: CardType;
  lastFour: string;
}

/** A valid 10-digit partner number (check-digit rule) derived from a seed number. */
export function demoPartnerNumber(seed: number): string {
  const payload = String(seed).padStart(9, '0');
  return payload + String(checkDigit(payload));
}

const VISA = { cardType: 'visa' as const, lastFour: '1111' };
const MAST = { cardType: 'mastercard' as const, lastFour: '4444' };
const AMEX = { cardType: 'amex' as const, lastFour: '0005' };

// Partner-loaded cards: a few for the ordinary non-card member, and 14 for a fleet account, more than
// the 12 one registration takes (spec 001 §5), so the checklist's limit can be tried. Every type
// appears, and each last four is distinct within a member so the checklist labels tell them apart.
const NONCARD_PARTNER_CARDS: Array<[CardType, string]> = [
  ['visa', '1881'],
  ['mastercard', '4444'],
  ['amex', '8431'],
];
const FLEET_PARTNER_CARDS: Array<[CardType, string]> = [
  ['visa', '0101'],
  ['visa', '0202'],
  ['mastercard', '0303'],
  ['mastercard', '0404'],
  ['amex', '0505'],
  ['discover', '0606'],
  ['visa', '0707'],
  ['mastercard', '0808'],
  ['visa', '0909'],
  ['amex', '1010'],
  ['mastercard', '1111'],
  ['discover', '1212'],
  ['visa', '1313'],
  ['mastercard', '1414'],
];

function partnerCardsFor(partnerId: string, key: string, cards: Array<[CardType, string]>): DemoPartnerCard[] {
  // Ids in a partner's own style; the app treats them as opaque and never derives anything from them.
  return cards.map(([cardType, lastFour], i) => ({
    partnerCardId: `${partnerId.toUpperCase()}-${key.toUpperCase()}-${String(i + 1).padStart(3, '0')}`,
    cardType,
    lastFour,
  }));
}

/** `partnerLoadedCards`: the partner's hasPartnerLoadedCards (gives noncard its cards and adds the fleet member). */
export function demoMembers(partnerId: string, direct: boolean, partnerLoadedCards = false): DemoMember[] {
  const at = `@${partnerId}.example`;
  const base = {
    hasWebProfile: true,
    active: true,
    emailOptIn: false,
    partnerNumber: null as string | null,
    cards: [] as DemoMember['cards'],
    partnerCards: [] as DemoPartnerCard[],
  };
  const n = (i: number) => (direct ? demoPartnerNumber(100000 + i) : null);
  const members: DemoMember[] = [
    {
      ...base,
      key: 'card0',
      email: `card0${at}`,
      publicId: `${partnerId}-card-0`,
      firstName: 'Olivia',
      lastName: 'Martin',
      memberType: 'EnrolledCardMember',
      tierLevel: 0,
      partnerNumber: n(1),
      cards: [VISA],
      purpose: 'card member, tier 0 (opted out)',
    },
    {
      ...base,
      key: 'card2',
      email: `card2${at}`,
      publicId: `${partnerId}-card-2`,
      firstName: 'Liam',
      lastName: 'Chen',
      memberType: 'EnrolledCardMember',
      tierLevel: 2,
      emailOptIn: true,
      partnerNumber: n(2),
      cards: [VISA, MAST],
      purpose: 'card member, tier 2 (opted in)',
    },
    {
      ...base,
      key: 'vip',
      email: `vip${at}`,
      publicId: `${partnerId}-vip`,
      firstName: 'Sofia',
      lastName: 'Alvarez',
      memberType: 'EnrolledCardMember',
      tierLevel: 3,
      emailOptIn: true,
      partnerNumber: n(3),
      cards: [AMEX],
      purpose: 'card member, tier 3 (VIP)',
    },
    {
      ...base,
      key: 'noncard',
      email: `noncard${at}`,
      publicId: `${partnerId}-noncard`,
      firstName: 'Noah',
      lastName: 'Patel',
      memberType: 'NonCardMember',
      tierLevel: 0,
      partnerNumber: n(4),
      partnerCards: partnerLoadedCards ? partnerCardsFor(partnerId, 'noncard', NONCARD_PARTNER_CARDS) : [],
      purpose: 'non-card member (links a card at /add_card)',
    },
    {
      ...base,
      key: 'closed',
      email: `closed${at}`,
      publicId: `${partnerId}-closed`,
      firstName: 'Emma',
      lastName: 'Johnson',
      memberType: 'ClosedAccountMember',
      tierLevel: 0,
      partnerNumber: n(5),
      purpose: 'closed account (sees re-enrolment)',
    },
    {
      ...base,
      key: 'known1',
      email: `known1${at}`,
      publicId: `${partnerId}-known-1`,
      firstName: 'James',
      lastName: 'Wilson',
      memberType: 'EnrolledCardMember',
      tierLevel: 1,
      hasWebProfile: false,
      cards: [MAST],
      purpose: 'non-activated known member: /activate?public_id=<id> shows the activation page',
    },
    {
      ...base,
      key: 'known5',
      email: `known5${at}`,
      publicId: `${partnerId}-known-5`,
      firstName: 'Mia',
      lastName: 'Garcia',
      memberType: 'EnrolledCardMember',
      tierLevel: 1,
      hasWebProfile: false,
      cards: [VISA],
      purpose: 'a second non-activated known member',
    },
    {
      ...base,
      key: 'known2',
      email: `known2${at}`,
      publicId: `${partnerId}-known-2`,
      firstName: 'Ethan',
      lastName: 'Brown',
      memberType: 'EnrolledCardMember',
      tierLevel: 2,
      partnerNumber: n(6),
      cards: [VISA],
      purpose: 'activated, web profile active: /activate redirects to /login?rfr=3',
    },
    {
      ...base,
      key: 'known3',
      email: `known3${at}`,
      publicId: `${partnerId}-known-3`,
      firstName: 'Ava',
      lastName: 'Davis',
      memberType: 'EnrolledCardMember',
      tierLevel: 2,
      active: false,
      partnerNumber: n(7),
      cards: [VISA],
      purpose: 'activated, web profile not active: /activate redirects to /login?rfr=4',
    },
    {
      ...base,
      key: 'known4',
      email: `known4${at}`,
      publicId: `${partnerId}-known-4`,
      firstName: 'Lucas',
      lastName: 'Miller',
      memberType: 'EnrolledCardMember',
      tierLevel: 2,
      hasWebProfile: false,
      cards: [VISA],
      purpose: 'activated, no web profile: /activate redirects to /join?rfr=2',
    },
    {
      ...base,
      key: 'renewing',
      email: `renewing${at}`,
      publicId: `${partnerId}-renewing`,
      firstName: 'Daniel',
      lastName: 'Kim',
      memberType: 'EnrolledCardMember',
      tierLevel: 3,
      emailOptIn: true,
      partnerNumber: n(10),
      cards: [MAST],
      purpose: 'card member, tier 3 (VIP) renewing for next year',
    },
    {
      ...base,
      key: 'blocked',
      email: `blocked${at}`,
      publicId: `${partnerId}-blocked`,
      firstName: 'Oscar',
      lastName: 'Reyes',
      memberType: 'EnrolledCardMember',
      tierLevel: 2,
      emailOptIn: true,
      partnerNumber: n(11),
      cards: [VISA],
      // repos/reservations.ts: the local booking provider refuses emails starting "blocked".
      purpose: 'card member, tier 2, deactivated with the booking partner: every reservation is refused',
    },
  ];
  if (direct) {
    // An account from before emails were required: signs in with its partner number, then must
    // set an email at /fix_credentials.
    members.push({
      ...base,
      key: 'legacy',
      email: `legacy-${partnerId}-member`,
      publicId: `${partnerId}-legacy`,
      firstName: 'Grace',
      lastName: 'Lee',
      memberType: 'EnrolledCardMember',
      tierLevel: 2,
      partnerNumber: n(8),
      cards: [VISA],
      purpose: `signs in with partner number ${n(8)}, then /fix_credentials asks for an email`,
    });
  }
  if (partnerLoadedCards) {
    members.push({
      ...base,
      key: 'fleet',
      email: `fleet${at}`,
      publicId: `${partnerId}-fleet`,
      firstName: 'Maya',
      lastName: 'Okafor',
      memberType: 'NonCardMember',
      tierLevel: 0,
      partnerNumber: n(9),
      partnerCards: partnerCardsFor(partnerId, 'fleet', FLEET_PARTNER_CARDS),
      purpose: `non-card member with ${FLEET_PARTNER_CARDS.length} partner-loaded cards (links up to 12 at a time at /add_card)`,
    });
  }
  return members;
}

/** Programme accounts of an sso partner's provider that have not joined dining yet. */
export function demoSsoNewcomers(partnerId: string): Array<{ email: string; firstName: string; lastName: string }> {
  return [
    { email: `new${'@'}${partnerId}.example`, firstName: 'Henry', lastName: 'Taylor' },
    { email: `new2${'@'}${partnerId}.example`, firstName: 'Chloe', lastName: 'Moore' },
  ];
}

function fakeFingerprint(partnerId: string, publicId: string, index: number): string {
  // Seeded cards have no real number; a unique placeholder keeps the fingerprint index happy.
  return 'seed:' + createHash('sha256').update(`${partnerId}:${publicId}:${index}`).digest('base64url');
}

// seed/index.ts passes only the ids; the partner files sit in the project's partners/ folder.
const DEFAULT_PARTNERS_DIR = new URL('../../../partners/', import.meta.url).pathname;

export async function seedMembers(db: Db, partnerIds: string[], partnersDir = DEFAULT_PARTNERS_DIR): Promise<void> {
  const partners = partnerIds
    .map((id) => {
      const config = loadPartner(partnersDir, id).bundle?.config;
      return { id, type: config?.enrollmentType ?? 'none', loadsCards: config?.hasPartnerLoadedCards ?? false };
    })
    .filter((p) => p.type !== 'none');
  const membersOf = (p: (typeof partners)[number]) => demoMembers(p.id, p.type === 'direct', p.loadsCards);
  if (partners.length === 0) return;
  const hash = await hashPassword(DEMO_PASSWORD);
  const rows = partners.flatMap((p) =>
    membersOf(p).map((m) => ({
      partner_id: p.id,
      public_id: m.publicId,
      email: m.email,
      // Members without a web profile have no credentials here; sso members sign in at their provider.
      password_hash: m.hasWebProfile && p.type === 'direct' ? hash : null,
      first_name: m.firstName,
      last_name: m.lastName,
      member_type: m.memberType,
      tier_level: m.tierLevel,
      has_web_profile: m.hasWebProfile,
      active: m.active,
      email_opt_in: m.emailOptIn,
      partner_number: m.partnerNumber,
      address: { zipCode: '10036' },
      enrollment_source: p.type === 'sso' ? 'sso' : 'web',
      family_id: `fam-${m.publicId}`,
    })),
  );
  await db.query(
    `insert into members (partner_id, public_id, email, password_hash, first_name, last_name, member_type, tier_level,
       has_web_profile, active, email_opt_in, partner_number, address, enrollment_source, family_id)
     select partner_id, public_id, email, password_hash, first_name, last_name, member_type, tier_level,
       has_web_profile, active, email_opt_in, partner_number, address, enrollment_source, family_id
     from jsonb_to_recordset($1::jsonb) as x(partner_id text, public_id text, email text, password_hash text, first_name text,
       last_name text, member_type text, tier_level int, has_web_profile boolean, active boolean, email_opt_in boolean,
       partner_number text, address jsonb, enrollment_source text, family_id text)
     on conflict do nothing`,
    [JSON.stringify(rows)],
  );
  const cards = partners.flatMap((p) =>
    membersOf(p).flatMap((m) =>
      m.cards.map((c, i) => ({
        public_id: m.publicId,
        partner_id: p.id,
        card_type: c.cardType,
        last_four: c.lastFour,
        description: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' }[c.cardType],
        fingerprint: fakeFingerprint(p.id, m.publicId, i),
      })),
    ),
  );
  await db.query(
    `insert into member_cards (member_id, partner_id, card_type, last_four, description, fingerprint)
     select m.id, x.partner_id, x.card_type, x.last_four, x.description, x.fingerprint
     from jsonb_to_recordset($1::jsonb) as x(public_id text, partner_id text, card_type text, last_four text, description text, fingerprint text)
     join members m on m.public_id = x.public_id
     on conflict do nothing`,
    [JSON.stringify(cards)],
  );
  const partnerCards = partners.flatMap((p) =>
    membersOf(p).flatMap((m) =>
      m.partnerCards.map((c) => ({
        public_id: m.publicId,
        partner_id: p.id,
        partner_card_id: c.partnerCardId,
        card_type: c.cardType,
        last_four: c.lastFour,
      })),
    ),
  );
  if (partnerCards.length) {
    await db.query(
      `insert into partner_cards (partner_id, member_id, partner_card_id, card_type, last_four)
       select x.partner_id, m.id, x.partner_card_id, x.card_type, x.last_four
       from jsonb_to_recordset($1::jsonb) as x(public_id text, partner_id text, partner_card_id text, card_type text, last_four text)
       join members m on m.public_id = x.public_id
       on conflict do nothing`,
      [JSON.stringify(partnerCards)],
    );
  }
  // The sso provider's own accounts: every sso demo member plus programme members new to dining.
  const ssoAccounts = partners
    .filter((p) => p.type === 'sso')
    .flatMap((p) => [
      ...membersOf(p).map((m) => ({ partner_id: p.id, email: m.email, first_name: m.firstName, last_name: m.lastName })),
      ...demoSsoNewcomers(p.id).map((m) => ({ partner_id: p.id, email: m.email, first_name: m.firstName, last_name: m.lastName })),
    ])
    .map((a, i) => ({ ...a, program_number: `HR${String(4_100_000 + i)}` }));
  if (ssoAccounts.length) {
    await db.query(
      `insert into sso_accounts (partner_id, email, first_name, last_name, password_hash, program_number, demo)
       select partner_id, email, first_name, last_name, $2, program_number, true
       from jsonb_to_recordset($1::jsonb) as x(partner_id text, email text, first_name text, last_name text, program_number text)
       on conflict do nothing`,
      [JSON.stringify(ssoAccounts), hash],
    );
    await bindSsoSubjectsByExactEmail(db);
  }
}
