import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  validateCondition,
  validateCopy,
  validateLayout,
  validatePartner,
  validateTheme,
  type ValidateFn,
} from '#shared/generated/validators.js';
import { listPartnerIds, loadPartner } from '#server/partners/registry.ts';
import { problemsFrom, formatProblem } from '#shared/validation.ts';

const partnersDir = resolve(import.meta.dirname, '../../partners');
const ids = listPartnerIds(partnersDir);

function load(id: string) {
  const { bundle, problems } = loadPartner(partnersDir, id);
  expect(problems.map(formatProblem)).toEqual([]);
  if (!bundle) throw new Error(`partner ${id} did not load`);
  return bundle;
}

/** Pointers of the errors a validator gives for a value (after asserting it rejects it). */
function rejects(validate: ValidateFn<unknown>, value: unknown): string[] {
  expect(validate(value)).toBe(false);
  return problemsFrom('test', validate.errors).map((p) => p.pointer);
}

describe('generated validators on the real partner files', () => {
  it('finds the demo partners', () => {
    expect(ids).toEqual(expect.arrayContaining(['greenleaf', 'harbor', 'metro', 'openplate', 'skyline']));
  });

  it.each(ids)('accepts the merged configuration, theme, copy and pages of %s', (id) => {
    const bundle = load(id);
    expect(validatePartner(bundle.config)).toBe(true);
    expect(validateTheme(bundle.theme)).toBe(true);
    expect(validateCopy(bundle.copy)).toBe(true);
    for (const page of Object.values(bundle.pages)) expect(validateLayout(page)).toBe(true);
  });

  it('covers every currency and enrolment type across the demo partners', () => {
    const configs = ids.map((id) => load(id).config);
    expect(new Set(configs.map((c) => c.currencyType))).toEqual(new Set(['Dollar', 'Mile', 'Point', 'Credit']));
    expect(new Set(configs.map((c) => c.enrollmentType))).toEqual(new Set(['direct', 'sso', 'none']));
  });

  it('rejects a bad partner value with its instance path', () => {
    const config = load('skyline').config;
    expect(rejects(validatePartner as ValidateFn<unknown>, { ...config, currencyType: 'Yen' })).toEqual(['/currencyType']);
    expect(rejects(validatePartner as ValidateFn<unknown>, { ...config, maxLinkedCards: 0 })).toEqual(['/maxLinkedCards']);
    expect(rejects(validatePartner as ValidateFn<unknown>, { ...config, cardTypesAccepted: ['VISA', 'JCB'] })).toEqual([
      '/cardTypesAccepted/1',
    ]);
    expect(rejects(validatePartner as ValidateFn<unknown>, { ...config, minimumAppVersion: '1.2' })).toEqual(['/minimumAppVersion']);
    expect(rejects(validatePartner as ValidateFn<unknown>, { ...config, outage: { login: true } })).toEqual(['/outage', '/outage']);
    expect(problemsFrom('p', validatePartner.errors).map((p) => p.message)).toEqual([
      'missing required property "join"',
      'missing required property "showHomeLink"',
    ]);
    const { programName: _omitted, ...withoutName } = config;
    expect(rejects(validatePartner as ValidateFn<unknown>, withoutName)).toEqual(['']);
    expect(rejects(validatePartner as ValidateFn<unknown>, { ...config, colour: 'blue' })).toEqual(['']);
  });

  it('rejects a bad theme colour at /colors/<name>', () => {
    const theme = load('harbor').theme;
    expect(rejects(validateTheme as ValidateFn<unknown>, { ...theme, colors: { ...theme.colors, primary: 'red' } })).toEqual([
      '/colors/primary',
    ]);
    expect(rejects(validateTheme as ValidateFn<unknown>, { ...theme, colors: { ...theme.colors, focus: '#12345' } })).toEqual([
      '/colors/focus',
    ]);
  });

  it('rejects copy keys that break the key rules or over-long text', () => {
    expect(rejects(validateCopy as ValidateFn<unknown>, { 'Bad Key': 'x' })).toEqual(['/Bad Key']);
    expect(rejects(validateCopy as ValidateFn<unknown>, { 'home.title': 'x'.repeat(4001) })).toEqual(['/home.title']);
    expect(validateCopy({ 'home.title': 'Dine with {programName}' })).toBe(true);
  });

  it('rejects bad conditions with the path of the bad value', () => {
    expect(rejects(validateCondition as ValidateFn<unknown>, { visitor: ['robot'] })).toEqual(['/visitor/0']);
    expect(rejects(validateCondition as ValidateFn<unknown>, { from: 'tomorrow' })).toEqual(['/from']);
    expect(rejects(validateCondition as ValidateFn<unknown>, { not: { tier: [4] } })).toEqual(['/not/tier/0']);
  });

  it('rejects a layout with a bad block id at that block', () => {
    expect(rejects(validateLayout as ValidateFn<unknown>, { version: 1, blocks: { 'my block': { type: 'x' } }, order: [] })).toEqual([
      '/blocks/my block',
    ]);
  });
});
