// @vitest-environment happy-dom
// Copy from the CMS (DESIGN §6, spec 001 "wording is managed per partner"): the global group's
// `copy` entry overrides the partner's catalogue key by key, so editors reword a page without a
// deploy; placeholders still apply, keys it does not name keep the partner's wording, and the
// entry's schema refuses what is not a plain-text map.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { validateCmsGlobal } from '#shared/generated/validators.js';
import { cmsCopyOverrides } from '#shared/cms.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { cmsContent, cmsPage, renderWithApp } from '#tests/utils/render.tsx';

afterEach(cleanup);

function Words({ keys }: { keys: string[] }) {
  const copy = useCopy();
  return (
    <ul>
      {keys.map((key) => (
        <li key={key}>{copy(key, 'fallback')}</li>
      ))}
    </ul>
  );
}

describe('CMS copy overrides', () => {
  it('win over the partner catalogue, with placeholders filled; other keys keep the partner wording', () => {
    renderWithApp(<Words keys={['notFound.title', 'notFound.tagline', 'no.such.key']} />, {
      partner: 'skyline',
      cms: { '*': [cmsPage('copy', { copy: { 'notFound.title': 'Lost at {programName}?' } })] },
    });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Lost at Skyline SkyDining?',
      'The page you are looking for has moved or never existed.',
      'fallback',
    ]);
  });

  it('are empty without a copy entry, or when its field is not a map of strings', () => {
    expect(cmsCopyOverrides(cmsContent())).toEqual({});
    expect(cmsCopyOverrides(cmsContent({ '*': [cmsPage('copy', { copy: ['x'] })] }))).toEqual({});
    expect(cmsCopyOverrides(cmsContent({ '*': [cmsPage('copy', { copy: { a: 'A', b: 3 } })] }))).toEqual({ a: 'A' });
  });

  it('are validated as a plain-text map with sane keys when an editor saves them', () => {
    expect(validateCmsGlobal({ copy: { 'notFound.title': 'Lost?' } })).toBe(true);
    expect(validateCmsGlobal({ copy: { 'not found': 'x' } })).toBe(false);
    expect(validateCmsGlobal({ copy: { 'notFound.title': 42 } })).toBe(false);
    expect(validateCmsGlobal({ copy: { 'notFound.title': 'x'.repeat(2001) } })).toBe(false);
  });
});
