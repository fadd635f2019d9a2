// A react-hook-form resolver over our precompiled (ajv standalone) JSON-Schema validators: no
// `new Function` at run time, so the CSP needs no unsafe-eval (unlike @hookform/resolvers/ajv).
// Strings are trimmed (except the fields named in keepWhitespace, e.g. passwords) and empty ones
// count as missing, so `required` catches a blank field. Messages are the generic ones of spec
// 000 §5 and 001 §5, from the copy catalogue.
import { fillTemplate } from '#shared/copy.ts';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ValidateFn, ValidationError } from '#shared/generated/validators.js';
import { pointerKeys } from '#shared/validation.ts';

export type Copy = (key: string, fallback?: string) => string;

export type RuleKind = 'required' | 'min' | 'max' | 'length' | 'pattern';

export interface SchemaResolverOptions<Values extends FieldValues> {
  copy: Copy;
  /** Field messages by rule kind, overriding the generic ones. */
  messages?: Partial<Record<keyof Values & string, Partial<Record<RuleKind, string>>>>;
  /** Fields whose whitespace matters (passwords). */
  keepWhitespace?: ReadonlyArray<keyof Values & string>;
  /** Fields required only under some condition (a partner setting, another field's value). */
  alsoRequired?: (values: Values) => ReadonlyArray<keyof Values & string>;
  /** Rules a schema cannot say (two fields equal, a check digit): field -> message. */
  refine?: (values: Values) => Partial<Record<keyof Values & string, string>>;
}

export function genericMessage(copy: Copy, kind: RuleKind, limit?: number): string {
  switch (kind) {
    case 'required':
      return copy('form.required', 'This field is required.');
    case 'max':
      return fillTemplate(copy('form.maxLength', 'Must be at most {max} characters.'), { max: limit ?? '' });
    case 'min':
      return fillTemplate(copy('form.minLength', 'Must have at least {min} characters.'), { min: limit ?? '' });
    case 'length':
      return fillTemplate(copy('form.length', 'Must have {n} characters.'), { n: limit ?? '' });
    case 'pattern':
      return copy('form.pattern', 'Please check the format of this field.');
  }
}

function kindOf(error: ValidationError, schemaLimits: { min?: number; max?: number }): { kind: RuleKind; limit?: number } {
  switch (error.keyword) {
    case 'required':
      return { kind: 'required' };
    case 'maxLength':
    case 'maximum':
    case 'maxItems': {
      const limit = Number(error.params.limit);
      return schemaLimits.min === limit ? { kind: 'length', limit } : { kind: 'max', limit };
    }
    case 'minLength':
    case 'minimum':
    case 'minItems': {
      const limit = Number(error.params.limit);
      return schemaLimits.max === limit ? { kind: 'length', limit } : { kind: 'min', limit };
    }
    case 'const':
      // A checkbox that must be ticked: a required agreement.
      return { kind: 'required' };
    default:
      return { kind: 'pattern' };
  }
}

function fieldOf(error: ValidationError): string {
  const path = pointerKeys(error.instancePath);
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  return path.join('.');
}

/** Values as the schema should judge them: strings trimmed (unless kept), blanks removed. */
export function cleanValues<Values extends FieldValues>(values: Values, keep: ReadonlyArray<string> = []): Values {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string') {
      const v = keep.includes(key) ? value : value.trim();
      if (v !== '') out[key] = v;
    } else if (value !== undefined && value !== null) {
      out[key] = value;
    }
  }
  return out as Values;
}

export function schemaResolver<Values extends FieldValues>(
  validate: ValidateFn<unknown>,
  options: SchemaResolverOptions<Values>,
  /** The schema's per-field length bounds, to tell "must have N" from "at most N". */
  limits: Partial<Record<keyof Values & string, { min?: number; max?: number }>> = {},
): Resolver<Values> {
  return (values) => {
    const clean = cleanValues(values, options.keepWhitespace as ReadonlyArray<string> | undefined);
    const errors: Record<string, { type: string; message: string }> = {};
    const set = (field: string, type: string, message: string) => {
      if (!errors[field]) errors[field] = { type, message };
    };
    for (const field of options.alsoRequired?.(clean) ?? []) {
      if (clean[field] === undefined || clean[field] === false)
        set(field, 'required', options.messages?.[field]?.required ?? genericMessage(options.copy, 'required'));
    }
    if (!validate(clean)) {
      for (const error of validate.errors ?? []) {
        const field = fieldOf(error);
        const { kind, limit } = kindOf(error, (limits as Record<string, { min?: number; max?: number }>)[field] ?? {});
        const custom = (options.messages as Record<string, Partial<Record<RuleKind, string>>> | undefined)?.[field]?.[kind];
        set(field, kind, custom ?? genericMessage(options.copy, kind, limit));
      }
    }
    for (const [field, message] of Object.entries(options.refine?.(clean) ?? {})) {
      if (message) set(field, 'validate', message as string);
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as unknown as FieldErrors<Values> };
    return { values: clean, errors: {} };
  };
}
