// Where a page's description comes from (#shared/head.ts): the page's content, else the partner's
// copy, which editors change through the CMS copy entry like any other wording.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CmsPagesResponse } from '#shared/generated/types.ts';
import { DESCRIPTION_MAX, pageHead } from '#shared/head.ts';
import { loadPartner } from '#server/partners/registry.ts';

const skyline = loadPartner(join(import.meta.dirname, '../../partners'), 'skyline').bundle!;

function group(entries: Array<{ slug: string; fields: unknown }>): CmsPagesResponse {
  return {
    meta: { previous_page: null, next_page: null, count: entries.length },
    data: entries.map((e) => ({
      ...e,
      name: e.slug,
      page_type: 'x',
      published: null,
      updated: '2026-01-01T00:00:00Z',
      status: 'published',
    })),
  } as unknown as CmsPagesResponse;
}

describe('page descriptions', () => {
  it("come from the partner's copy, and the CMS copy entry overrides it", () => {
    const plain = pageHead({ partner: skyline, cms: {}, pathname: '/search', production: true });
    expect(plain.description).toMatch(/^Search participating restaurants .* earn miles .* Skyline SkyDining\.$/);
    const edited = pageHead({
      partner: skyline,
      cms: { '*': group([{ slug: 'copy', fields: { copy: { 'meta.description.search': 'Find a table near you with {programName}.' } } }]) },
      pathname: '/search',
      production: true,
    });
    expect(edited.description).toBe('Find a table near you with Skyline SkyDining.');
  });

  it('describe a merchant by name, cuisine and place, leaving out what is unknown', () => {
    const merchant = { name: 'Lou’s', cuisines: ['Italian', 'Pizza'], neighborhood: 'SoHo', city: 'New York' };
    const head = pageHead({ partner: skyline, cms: {}, pathname: '/merchants/1', production: true, merchant });
    expect(head.title).toBe('Lou’s | Skyline SkyDining');
    expect(head.description).toMatch(/^Lou’s: Italian, Pizza in SoHo, New York\. /);
    const bare = pageHead({
      partner: skyline,
      cms: {},
      pathname: '/merchants/1',
      production: true,
      merchant: { ...merchant, neighborhood: null },
    });
    expect(bare.description).toMatch(/^Lou’s: Italian, Pizza in New York\. /);
    expect(pageHead({ partner: skyline, cms: {}, pathname: '/merchants/1', production: true, merchant: null }).notFound).toBe(true);
  });

  it('are cut at a word to the length search results show', () => {
    const long = 'Dine out and earn. '.repeat(30);
    const head = pageHead({
      partner: skyline,
      cms: { '*': group([{ slug: 'copy', fields: { copy: { 'meta.description.search': long } } }]) },
      pathname: '/search',
      production: true,
    });
    expect(head.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(head.description).toMatch(/^(Dine out and earn\. )+Dine( out( and( earn)?)?)?…$/);
  });
});
