// Member writes and lookups the auth routes need (repos/members.ts has the shared reads).
import { randomBytes } from 'node:crypto';
import type { Member } from '#shared/generated/types.ts';
import type { Queryable } from '../db/index.ts';
import type { MemberRow } from '../repos/members.ts';

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
