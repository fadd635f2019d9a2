// The palette's offer: per page kind (each block's `x-editor.pages`) and per partner (what its
// members can see); every block carries editor words, written for content editors.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paletteBlocks } from './Palette.tsx';

const partner = (enrollmentType: string) => ({
  id: 'p',
  name: 'P',
  programName: 'P',
  enrollmentType,
  homePage: 'home' as const,
  flags: { hasDiscoverPage: true },
  routes: [],
  placeholders: {},
});
const offered = (group: 'home' | 'discover', enrollmentType = 'direct') => paletteBlocks(group, partner(enrollmentType)).map((b) => b.type);

describe('the palette', () => {
  it('offers the blocks of a home or discover page, not sign-in, account, search or restaurant page blocks', () => {
    expect(offered('discover')).toEqual([
      'cms-banner',
      'browse-link',
      'prospect-form',
      'how-it-works',
      'page-heading',
      'merchant-carousel',
    ]);
    expect(offered('home')).toEqual(offered('discover'));
  });

  it('leaves out what the partner cannot show: the email sign-up without direct enrolment', () => {
    expect(offered('home', 'sso')).not.toContain('prospect-form');
    expect(offered('home', 'none')).not.toContain('prospect-form');
    expect(offered('home', 'none')).toContain('cms-banner');
  });
});

describe("every block's words for editors", () => {
  const blocks = readdirSync('registry', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .filter((name) => readdirSync(`registry/${name}`).includes('props.schema.json'));

  it.each(blocks)('%s: a title, one line and page kinds, in plain words', (name) => {
    const schema = JSON.parse(readFileSync(`registry/${name}/props.schema.json`, 'utf8')) as Record<string, unknown>;
    const words = schema['x-editor'] as { title: unknown; description: unknown; pages: unknown };
    expect(Object.keys(words).sort()).toEqual(['description', 'pages', 'title']);
    expect(typeof words.title === 'string' && words.title.length > 0 && words.title.length <= 60).toBe(true);
    expect(typeof words.description === 'string' && words.description.length > 0 && words.description.length <= 160).toBe(true);
    expect(Array.isArray(words.pages) && words.pages.length > 0 && words.pages.every((p) => /^[a-z-]+$/.test(String(p)))).toBe(true);
    // No developer talk: API paths, spec sections, files, identifiers.
    for (const text of [words.title, words.description] as string[]) {
      expect(text).not.toMatch(/\/api\/|§|\bspec\b|\.json|\.tsx?\b|[a-z]+_[a-z]+|[a-z][A-Z]|\{[a-z]+\}/);
    }
  });
});
