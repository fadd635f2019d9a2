// Enrolment (spec 000 §7, 001 §5): POST /api/Members/Prospects and GET /api/Members/Validate/Email.
// Email alone records a prospect (the home page form); the join form's full payload enrols a
// non-card member and signs them in, ready to link a card at /add_card.
import type { FastifyInstance } from 'fastify';
import type { ProspectRequest } from '#shared/generated/types.ts';
import { substitute } from '#shared/copy.ts';
import { placeholdersFor } from '#shared/partner.ts';
import { isValidPartnerNumber, passwordContainsPartnerNumber } from '#shared/partner-number.ts';
import { isEmail, normalizeUsPhone, smsOptInFor } from '#shared/prospect.ts';
import { findMemberByEmail, findMemberByPartnerNumber, insertMember, toApiMember } from '../repos/members.ts';
import { hashPassword, refuseWhenHashingIsFull } from '../passwords.ts';
import { startMemberSession } from '../auth/member-session.ts';
import { authError, MESSAGES } from '../auth/replies.ts';
import { apiSchema } from '../auth/api-schema.ts';
import { overLimit } from '../limits.ts';
import { passwordWork, rationPasswordWork } from '../auth/password-ration.ts';
import { partnerNumberRules } from '../partners/settings.ts';
import { addProspect, removeProspect } from '../repos/prospects.ts';

const errorResponse = { $ref: 'api/auth-error.schema.json#' };

/** Email checks per client address per minute (a join needs one or two). */
export const VALIDATE_EMAIL_PER_ADDRESS = 10;
/** Email checks per partner per minute from all addresses together (rotating addresses harvest no faster). */
export const VALIDATE_EMAIL_PER_PARTNER = 300;

export default async function prospects(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { email: string; usePpn?: boolean } }>(
    '/api/Members/Validate/Email',
    {
      onRequest: app.requireGate('direct', 'join'),
      config: { rateLimit: { max: VALIDATE_EMAIL_PER_ADDRESS, timeWindow: '1 minute' } },
      schema: {
        querystring: {
          type: 'object',
          required: ['email'],
          properties: { email: { type: 'string', minLength: 1, maxLength: 50 }, usePpn: { type: 'boolean' } },
        },
        response: { 200: { $ref: 'api/email-validation.schema.json#' }, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const partnerId = request.partner.id;
      // Whether an email is a member's is worth harvesting: besides the per-address limit, all
      // addresses together get VALIDATE_EMAIL_PER_PARTNER answers a minute per partner.
      const wait = overLimit(await app.limits.hit(`validate-email:${partnerId}`, 60_000), VALIDATE_EMAIL_PER_PARTNER);
      if (wait) return authError(reply.header('retry-after', String(wait)), 429, 'rate_limited', MESSAGES.rateLimited);
      const value = request.query.email.trim();
      // usePpn: the value is a partner number; valid = well formed and not taken.
      if (request.query.usePpn) {
        if (!isValidPartnerNumber(value)) return { isValid: false };
        return { isValid: !(await findMemberByPartnerNumber(app.db, partnerId, value)) };
      }
      if (!isEmail(value)) return authError(reply, 400, 'invalid', 'Please enter a valid email address.');
      return { isValid: !(await findMemberByEmail(app.db, partnerId, value)) };
    },
  );

  app.post<{ Body: ProspectRequest }>(
    '/api/Members/Prospects',
    {
      onRequest: app.requireGate('direct', 'join'),
      preValidation: app.fieldGate('sms'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        body: { $ref: 'api/prospect.schema.json#' },
        response: {
          201: apiSchema('prospect-response.schema.json'),
          202: apiSchema('prospect-response.schema.json'),
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const partner = request.partner;
      const body = request.body;
      const email = body.email.trim();
      if (!isEmail(email))
        return authError(reply, 400, 'invalid', 'Please enter a valid email address.', [
          { field: 'email', message: 'Please enter a valid email address.' },
        ]);

      if (body.password === undefined) {
        // The home page's email-only form: remember the lead. Same answer whether or not the email
        // is a member's already (the validate call is the one that tells).
        await addProspect(app.db, partner.id, email);
        return reply.code(202).send({ status: 'prospect' });
      }

      const copy = (text: string) => substitute(text, placeholdersFor(partner));
      const errors: Array<{ field: string; message: string; code: string }> = [];
      const firstName = body.firstName?.trim() ?? '';
      const lastName = body.lastName?.trim() ?? '';
      if (!firstName) errors.push({ field: 'firstName', message: 'First name is required.', code: 'invalid' });
      if (!lastName) errors.push({ field: 'lastName', message: 'Last name is required.', code: 'invalid' });
      if (body.password !== body.passwordConfirm)
        errors.push({ field: 'passwordConfirm', message: MESSAGES.passwordsDiffer, code: 'passwords_differ' });
      let phone: string | null = null;
      if (body.phoneNumber) {
        phone = normalizeUsPhone(body.phoneNumber);
        if (!phone) errors.push({ field: 'phoneNumber', message: MESSAGES.invalidPhone, code: 'invalid_phone' });
      }
      const partnerNumber = body.partnerNumber?.trim() || null;
      const numberRules = partnerNumberRules(partner);
      if (numberRules.asked) {
        if (!partnerNumber || (numberRules.checked && !isValidPartnerNumber(partnerNumber))) {
          errors.push({ field: 'partnerNumber', message: copy(MESSAGES.partnerNumberInvalid), code: 'partner_number_invalid' });
        } else if (passwordContainsPartnerNumber(body.password, partnerNumber)) {
          errors.push({
            field: 'password',
            message: copy(MESSAGES.passwordContainsPartnerNumber),
            code: 'password_contains_partner_number',
          });
        }
      }
      if (errors.length) return authError(reply, 400, errors[0]!.code as 'invalid', errors[0]!.message, errors);

      // Rationed, and refused when the hashing is full, before any database work: a flood of joins
      // must not make members' sign-ins wait behind its lookups.
      const wait = await rationPasswordWork(app, request, 'join', `${partner.id}\u0000${email}`);
      if (wait) return authError(reply.header('retry-after', String(wait)), 429, 'rate_limited', MESSAGES.rateLimited);
      refuseWhenHashingIsFull(passwordWork('join'));
      if (await findMemberByEmail(app.db, partner.id, email)) {
        return authError(reply, 409, 'email_in_use', MESSAGES.emailInUse, [{ field: 'email', message: MESSAGES.emailInUse }]);
      }
      if (numberRules.asked && partnerNumber && (await findMemberByPartnerNumber(app.db, partner.id, partnerNumber))) {
        const message = copy(MESSAGES.partnerNumberInUse);
        return authError(reply, 409, 'partner_number_in_use', message, [{ field: 'partnerNumber', message }]);
      }
      const emailOptIn = body.emailOptIn === true;
      let row;
      try {
        row = await insertMember(app.db, {
          partnerId: partner.id,
          email,
          passwordHash: await hashPassword(body.password, passwordWork('join')),
          firstName,
          lastName,
          memberType: 'NonCardMember',
          // Opting in to emails is what unlocks tier 2 (spec 000 §6).
          tierLevel: emailOptIn ? 2 : 0,
          emailOptIn,
          smsOptIn: smsOptInFor(phone, body.smsOptInV2) && phone !== null,
          phoneNumber: phone,
          partnerNumber: numberRules.asked ? partnerNumber : null,
          zipCode: body.zipCode ?? null,
          enrollmentSource: 'web',
        });
      } catch (error) {
        // Two submits racing for one email: the unique index decides, the loser hears "in use".
        if ((error as { code?: string }).code === '23505')
          return authError(reply, 409, 'email_in_use', MESSAGES.emailInUse, [{ field: 'email', message: MESSAGES.emailInUse }]);
        throw error;
      }
      await removeProspect(app.db, partner.id, email);
      await startMemberSession(app, request, reply, row.id, false);
      return reply.code(201).send({ status: 'member', member: toApiMember(row, 'direct') });
    },
  );
}
