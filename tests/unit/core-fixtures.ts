// Shared plain-data fixtures for the core's unit and property tests (no React, no registry/index.ts).
import type { PlaceholderValues } from '#shared/copy.ts';
import type { ValidateFn } from '#shared/generated/validators.js';
import { validateHowItWorksProps } from '#shared/generated/validators.js';
import type { BlockValidators } from '#shared/page/resolve.ts';
import type { Visitor } from '#shared/visitor.ts';

export function visitor(overrides: Partial<Visitor> = {}): Visitor {
  return {
    kind: 'anonymous',
    tier: null,
    enrollmentType: 'direct',
    flags: {},
    nativeApp: false,
    pwa: false,
    now: new Date('2026-06-15T12:00:00Z'),
    ...overrides,
  };
}

export const placeholders: PlaceholderValues = {
  currency: 'miles',
  programName: 'Skyline SkyDining',
  partnerName: 'Skyline Airways',
  partnerNumberLabel: 'SkyMiles number',
  earnLevels: '1 {currency} per $2 or 5 {currency} per $1',
  currentYear: '2026',
  staySignedInLabel: 'Keep me signed in',
  earnRateTier0: '1 {currency} per $2',
  earnRateTier2: '3 {currency} per $1',
  earnRateTier3: '5 {currency} per $1',
  newMemberBonus: '1,000',
  reservationBonus: '50',
  referralBonus: '1,000',
  specialBonus: '0',
  vipDines: '11',
};

/** A hand-made validator with ajv's error shape: props must be {text: string}, nothing else. */
export const validateText: ValidateFn<{ text: string }> = Object.assign(
  (data: unknown): data is { text: string } => {
    const errors: NonNullable<ValidateFn<unknown>['errors']> = [];
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      errors.push({ instancePath: '', keyword: 'type', params: { type: 'object' }, message: 'must be object' });
    } else {
      const record = data as Record<string, unknown>;
      if (!('text' in record)) {
        errors.push({
          instancePath: '',

          keyword: 'required',
          params: { missingProperty: 'text' },
          message: "must have required property 'text'",
        });
      } else if (typeof record.text !== 'string') {
        errors.push({
          instancePath: '/text',

          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
        });
      }
      for (const key of Object.keys(record)) {
        if (key !== 'text') {
          errors.push({
            instancePath: '',

            keyword: 'additionalProperties',
            params: { additionalProperty: key },
            message: 'must NOT have additional properties',
          });
        }
      }
    }
    validateText.errors = errors.length ? errors : null;
    return errors.length === 0;
  },
  { errors: null as ValidateFn<unknown>['errors'] },
);

/** Accepts any object as props (a block without settings). */
export const validateAnyObject: ValidateFn<Record<string, unknown>> = Object.assign(
  (data: unknown): data is Record<string, unknown> => typeof data === 'object' && data !== null && !Array.isArray(data),
  { errors: null as ValidateFn<unknown>['errors'] },
);

export const validators: BlockValidators = {
  'how-it-works': validateHowItWorksProps as ValidateFn<unknown>,
  'text-block': validateText as ValidateFn<unknown>,
  spacer: validateAnyObject as ValidateFn<unknown>,
};

export const KNOWN_TYPES = Object.keys(validators);
