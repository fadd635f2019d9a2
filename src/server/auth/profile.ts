// PUT /api/Member (spec 000 §7, 001 §5): the profile form's fields. Email never changes here; a new
// password needs the current one and is refused for sso members, who also keep the names their
// programme sends. 400 lists field errors ({errors: [{field, message}]}) for the form to place.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MemberUpdateRequest } from '#shared/generated/types.ts';
import { passwordContainsPartnerNumber } from '#shared/partner-number.ts';
import { normalizeUsPhone } from '#shared/prospect.ts';
import { substitute } from '#shared/copy.ts';
import { placeholdersFor } from '#shared/partner.ts';
import { toApiMember, updateMemberColumns } from '../repos/members.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { authError, MESSAGES } from './replies.ts';
import { isUsZip } from '../geo/gazetteer.ts';
import { US_STATE_CODES } from '#shared/us-states.ts';
import { withAccountFields } from '../repos/account.ts';
import { clockFor } from './clock.ts';
import { clearFailures, lockedUntil, loginKey, recordFailure } from './lockout.ts';
import { passwordWork, rationPasswordWork } from './password-ration.ts';
import { endOtherMemberSessions } from './member-session.ts';
import { MEMBER_COOKIE } from '../sessions.ts';
import { memberShape, profileRules, ssoProgramName } from '../partners/settings.ts';

/** Spec 001 §5 copy for a well-formed ZIP that is not a US one. */
export const ZIP_NOT_US = 'This ZIP is not located in the U.S.';

/** The tier after the member opts in to (true) or out of (false) emails. */
export function tierAfterEmailChoice(tier: number, emailOptIn: boolean): number {
  if (tier >= 3) return tier;
  return emailOptIn ? 2 : 0;
}

export const memberUpdateSchema = {
  body: { $ref: 'api/member-update.schema.json#' },
  response: {
    200: { $ref: 'api/member.schema.json#' },
    400: { $ref: 'api/auth-error.schema.json#' },
    401: { $ref: 'api/auth-error.schema.json#' },
    429: { $ref: 'api/auth-error.schema.json#' },
  },
};

const PASSWORD_LOCKED = 'Too many wrong passwords: your account is locked for 30 minutes.';

export async function updateMember(app: FastifyInstance, request: FastifyRequest<{ Body: MemberUpdateRequest }>, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  const member = request.member;
  const partner = request.partner;
  const rules = profileRules(partner);
  const sso = memberShape(partner) === 'sso';
  const body = request.body;
  const errors: Array<{ field: string; message: string }> = [];
  const sets: Record<string, unknown> = {};

  for (const [field, column, label] of [
    ['firstName', 'first_name', 'First name'],
    ['lastName', 'last_name', 'Last name'],
  ] as const) {
    const value = body[field]?.trim();
    if (value === undefined) continue;
    if (!value) errors.push({ field, message: `${label} is required.` });
    else if (sso && value !== member[column]) errors.push({ field, message: `${label} is managed by ${ssoProgramName(partner)}.` });
    else sets[column] = value;
  }
  if (body.emailOptIn !== undefined && body.emailOptIn !== member.email_opt_in) {
    if (rules.emailOptInHidden) {
      errors.push({ field: 'emailOptIn', message: 'Email preferences are managed by your programme.' });
    } else {
      sets.email_opt_in = body.emailOptIn;
      // Opting in to emails is what unlocks tier 2 (spec 001 §1), at once; opting out drops it to
      // tier 0. VIP (tier 3) is earned by dining and stays either way.
      const tier = tierAfterEmailChoice(member.tier_level, body.emailOptIn);
      if (tier !== member.tier_level) sets.tier_level = tier;
    }
  }

  if (body.address) {
    const a = Object.fromEntries(Object.entries(body.address).map(([k, v]) => [k, v.trim()])) as NonNullable<
      MemberUpdateRequest['address']
    >;
    if (rules.fullAddressRequired) {
      if (!a.address1) errors.push({ field: 'address1', message: 'Address is required.' });
      if (!a.city) errors.push({ field: 'city', message: 'City is required.' });
      if (!a.state) errors.push({ field: 'state', message: 'State is required.' });
    }
    if (!a.zipCode) errors.push({ field: 'zipCode', message: 'ZIP code is required.' });
    else if (!/^\d{5}$/.test(a.zipCode)) errors.push({ field: 'zipCode', message: 'ZIP code must have 5 digits.' });
    else if (!isUsZip(a.zipCode)) errors.push({ field: 'zipCode', message: ZIP_NOT_US });
    // A US state, DC or a territory (the form's list), or blank.
    if (a.state && !US_STATE_CODES.has(a.state)) errors.push({ field: 'state', message: 'Please choose a state.' });
    sets.address = JSON.stringify(Object.fromEntries(Object.entries(a).filter(([, v]) => v !== '')));
  }

  let phone: string | null | undefined;
  if (body.phoneNumber !== undefined) {
    if (body.phoneNumber.trim() === '') phone = null;
    else {
      phone = normalizeUsPhone(body.phoneNumber);
      if (!phone) errors.push({ field: 'phoneNumber', message: MESSAGES.invalidPhone });
    }
    if (phone !== undefined) sets.phone_number = phone;
  }
  const phoneAfter = phone !== undefined ? phone : member.phone_number;
  // Spec 001 §5: texts need a number (v1 and v2), and under SMS v1 a changed number clears the
  // opt-in unless the same save turns it on again.
  const smsV1 = rules.smsOptInV1;
  if (body.smsOptIn !== undefined) sets.sms_opt_in = body.smsOptIn && !!phoneAfter;
  else if (!phoneAfter || (smsV1 && phone !== undefined && phone !== member.phone_number)) sets.sms_opt_in = false;

  const now = clockFor(app).now();
  if (body.password !== undefined) {
    // The current password is a password check like a sign-in: rationed per member and address
    // before any hash, and a wrong one counts towards the account's sign-in lockout, so a session
    // someone else holds cannot be used to guess it.
    const lockKey = loginKey(member.id, '');
    if (sso) errors.push({ field: 'password', message: 'Your password is managed by your programme.' });
    else if (!body.currentPassword) errors.push({ field: 'currentPassword', message: 'Your current password is not correct.' });
    else {
      const wait = await rationPasswordWork(app, request, 'profile', String(member.id));
      if (wait) {
        return authError(reply.header('retry-after', String(wait)), 429, 'rate_limited', MESSAGES.rateLimited, [
          { field: 'currentPassword', message: MESSAGES.rateLimited },
        ]);
      }
      if (await lockedUntil(app.db, partner.id, lockKey, now)) {
        errors.push({ field: 'currentPassword', message: PASSWORD_LOCKED });
      } else if (!(await verifyPassword(body.currentPassword, member.password_hash, passwordWork('profile')))) {
        const locked = await recordFailure(app.db, partner.id, lockKey, now);
        errors.push({ field: 'currentPassword', message: locked ? PASSWORD_LOCKED : 'Your current password is not correct.' });
      } else if (passwordContainsPartnerNumber(body.password, member.partner_number)) {
        errors.push({ field: 'password', message: substitute(MESSAGES.passwordContainsPartnerNumber, placeholdersFor(partner)) });
      } else {
        await clearFailures(app.db, partner.id, lockKey);
        sets.password_hash = await hashPassword(body.password, passwordWork('profile'));
      }
    }
  }

  if (errors.length) return authError(reply, 400, 'invalid', errors[0]!.message, errors);
  const columns = Object.keys(sets);
  if (columns.length === 0) return withAccountFields(app.db, toApiMember(member, sso ? 'sso' : 'direct'), member.id, now);
  const updated = await updateMemberColumns(app.db, member.id, sets);
  // A new password ends every other session of the member (a thief's included); this one stays.
  if (sets.password_hash !== undefined) await endOtherMemberSessions(app, member.id, request.cookies[MEMBER_COOKIE]);
  return withAccountFields(app.db, toApiMember(updated, sso ? 'sso' : 'direct'), member.id, now);
}
