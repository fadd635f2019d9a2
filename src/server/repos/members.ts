// Members: rows <-> the API's Member shape, and the writes of joining, activation and the profile.
import { randomBytes } from 'node:crypto';
import type { KnownMember, Member } from '#shared/generated/types.ts';
import { userStatesOf, visitorKindOf } from '#shared/visitor.ts';
import type { Queryable } from '../db/index.ts';

export interface MemberRow {
  id: number;
  partner_id: string;
  public_id: string;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  member_type: Member['memberType'];
  tier_level: number;
  has_web_profile: boolean;
  active: boolean;
  email_opt_in: boolean;
  sms_opt_in: boolean;
  phone_number: string | null;
  partner_number: string | null;
  address: NonNullable<Member['address']>;
  enrollment_source: string | null;
  join_date: string | Date;
  family_id: string | null;
  failed_sign_ins: number;
  locked_until: string | Date | null;
  /** sso partners: the provider's subject id (programme number) this member signs in as. */
  sso_subject: string | null;
}

export function toApiMember(row: MemberRow, interfaceType?: Member['interfaceType']): Member {
  const member: Member = {
    publicId: row.public_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    emailOptIn: row.email_opt_in,
    memberType: row.member_type,
    tierLevel: row.tier_level,
    hasWebProfile: row.has_web_profile,
    active: row.active,
    address: row.address ?? {},
    smsOptIn: row.sms_opt_in,
    joinDate: new Date(row.join_date).toISOString(),
    userStates: userStatesOf({ kind: visitorKindOf({ memberType: row.member_type, tierLevel: row.tier_level }), tier: row.tier_level }),
  };
  if (row.phone_number) member.phoneNumber = row.phone_number;
  if (row.partner_number) member.partnerNumber = row.partner_number;
  if (row.enrollment_source) member.enrollmentSource = row.enrollment_source;
  if (row.family_id) member.familyId = row.family_id;
  if (interfaceType) member.interfaceType = interfaceType;
  return member;
}

/** The known (pre-login) member: the spec's Member fields only, for activation links. */
/**
 * `c***@skyline.example`: enough for a member to recognise their own address, not enough to learn
 * someone's (the lookup answers anyone holding the public id).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * The known member as GET /api/Member/{publicId} and the activation call answer it: what the
 * activation screen uses (first name, tier, web profile, active), the last name as an initial and
 * the email masked, since anyone holding the public id (a link in an e-mail) may ask.
 */
export function toKnownMember(row: MemberRow): KnownMember {
  return {
    publicId: row.public_id,
    firstName: row.first_name,
    lastName: row.last_name.slice(0, 1),
    email: maskEmail(row.email),
    memberType: row.member_type,
    tierLevel: row.tier_level,
    hasWebProfile: row.has_web_profile,
    active: row.active,
    interfaceType: 'known',
  };
}

export async function findMemberById(db: Queryable, id: number): Promise<MemberRow | null> {
  const { rows } = await db.query<MemberRow>('select * from members where id = $1', [id]);
  return rows[0] ?? null;
}

export async function findMemberByPublicId(db: Queryable, partnerId: string, publicId: string): Promise<MemberRow | null> {
  const { rows } = await db.query<MemberRow>('select * from members where partner_id = $1 and public_id = $2', [partnerId, publicId]);
  return rows[0] ?? null;
}

export async function findMemberByEmail(db: Queryable, partnerId: string, email: string): Promise<MemberRow | null> {
  const { rows } = await db.query<MemberRow>('select * from members where partner_id = $1 and lower(email) = lower($2)', [
    partnerId,
    email,
  ]);
  return rows[0] ?? null;
}

/** The sso member the provider's subject id (programme number) is bound to: never found by email. */
export async function findMemberBySsoSubject(db: Queryable, partnerId: string, subject: string): Promise<MemberRow | null> {
  const { rows } = await db.query<MemberRow>('select * from members where partner_id = $1 and sso_subject = $2', [partnerId, subject]);
  return rows[0] ?? null;
}

/**
 * Binds sso members not bound yet to the provider account created with exactly their email (the
 * seed, and migration 020 for members made before subjects were kept). Exact, so a case variant of
 * an email never claims a member.
 */
export async function bindSsoSubjectsByExactEmail(db: Queryable): Promise<void> {
  await db.query(
    `update members m set sso_subject = a.program_number from sso_accounts a
     where a.partner_id = m.partner_id and a.email = m.email and m.sso_subject is null`,
  );
}

/** The member's new email address (fix credentials); answers the updated row. */
export async function setMemberEmail(db: Queryable, memberId: number, email: string): Promise<MemberRow> {
  const { rows } = await db.query<MemberRow>('update members set email = $2 where id = $1 returning *', [memberId, email]);
  return rows[0]!;
}

/** Moves a member from one tier to another; null when the member was no longer at `fromTier` (activated meanwhile). */
export async function activateMember(db: Queryable, memberId: number, fromTier: number, toTier: number): Promise<MemberRow | null> {
  const { rows } = await db.query<MemberRow>(
    'update members set tier_level = $2, email_opt_in = true where id = $1 and tier_level = $3 returning *',
    [memberId, toTier, fromTier],
  );
  return rows[0] ?? null;
}

export async function findMemberByPartnerNumber(db: Queryable, partnerId: string, partnerNumber: string): Promise<MemberRow | null> {
  const { rows } = await db.query<MemberRow>('select * from members where partner_id = $1 and partner_number = $2', [
    partnerId,
    partnerNumber,
  ]);
  return rows[0] ?? null;
}

/** A new public id: 128 random bits, so a public id cannot be guessed. */
export function newPublicId(): string {
  return randomBytes(16).toString('hex');
}

export interface NewMember {
  partnerId: string;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  memberType: Member['memberType'];
  tierLevel: number;
  emailOptIn: boolean;
  smsOptIn: boolean;
  phoneNumber: string | null;
  partnerNumber: string | null;
  zipCode: string | null;
  enrollmentSource: string;
  /** sso partners: the provider's subject id the member is bound to. */
  ssoSubject?: string | null;
}

export async function insertMember(db: Queryable, m: NewMember): Promise<MemberRow> {
  const { rows } = await db.query<MemberRow>(
    `insert into members (partner_id, public_id, email, password_hash, first_name, last_name, member_type, tier_level,
       has_web_profile, active, email_opt_in, sms_opt_in, phone_number, partner_number, address, enrollment_source, family_id, sso_subject)
     values ($1, $2, $3, $4, $5, $6, $7, $8, true, true, $9, $10, $11, $12, $13, $14, $15, $16)
     returning *`,
    [
      m.partnerId,
      newPublicId(),
      m.email,
      m.passwordHash,
      m.firstName,
      m.lastName,
      m.memberType,
      m.tierLevel,
      m.emailOptIn,
      m.smsOptIn,
      m.phoneNumber,
      m.partnerNumber,
      JSON.stringify(m.zipCode ? { zipCode: m.zipCode } : {}),
      m.enrollmentSource,
      randomBytes(8).toString('hex'),
      m.ssoSubject ?? null,
    ],
  );
  return rows[0]!;
}

/**
 * Writes the profile form's changes (auth/profile.ts) and answers the updated row. `changes` maps
 * column names to values; the names come from that handler's own fixed list, never from a request.
 */
export async function updateMemberColumns(db: Queryable, memberId: number, changes: Record<string, unknown>): Promise<MemberRow> {
  const columns = Object.keys(changes);
  const assignments = columns.map((c, i) => `${c} = $${i + 2}${c === 'address' ? '::jsonb' : ''}`).join(', ');
  const { rows } = await db.query<MemberRow>(`update members set ${assignments} where id = $1 returning *`, [
    memberId,
    ...columns.map((c) => changes[c]),
  ]);
  return rows[0]!;
}
