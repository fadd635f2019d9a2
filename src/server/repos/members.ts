// Members: rows <-> the API's Member shape.
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
