// The one link rule of CMS content (#shared/cms-links.ts), on data alone: what the editor checks at
// the field is what the server refuses on publish.
import { describe, expect, it } from 'vitest';
import { linkProblem, linkProblems, type LinkContext } from '#shared/cms-links.ts';
import { availableRoutes, type GateConfig } from '#shared/routes.ts';

const config = (over: Partial<GateConfig> = {}): GateConfig => ({
  enrollmentType: 'direct',
  hasDiscoverPage: true,
  homePage: 'default',
  ...over,
});
const routes = (over: Partial<GateConfig> = {}): LinkContext => ({ routes: availableRoutes(config(over), { production: true }) });

describe('the link rule', () => {
  it.each([
    'https://example.com',
    'https://example.com/a b',
    'http://www.example.co.uk/x?y=1#z',
    'mailto:help@example.com',
    'tel:+1 (800) 555-0100',
    '/',
    '/search?cuisine=thai',
    '/merchants/m-123',
    '/earn/new-member-bonus',
    '/discover',
    '/account/overview',
  ])('accepts %j', (url) => {
    expect(linkProblem(url, routes())).toBeNull();
  });

  it.each([
    ['www.skyline.example/how-it-works', 'not-a-link'],
    ['skyline.example', 'not-a-link'],
    ['https://', 'no-host'],
    ['https://exa mple.com', 'no-host'],
    ['https:example.com', 'no-host'],
    ['https://localhostish', 'no-host'],
    ['mailto:', 'bad-address'],
    ['tel:call-us', 'bad-address'],
    ['earn/prize', 'not-a-link'],
    ['#top', 'not-a-link'],
    ['/nowhere', 'unknown-page'],
    ['javascript:alert(1)', 'unsafe'],
    ['java\tscript:alert(1)', 'unsafe'],
    ['data:text/html,x', 'unsafe'],
    ['//evil.example', 'unsafe'],
    ['/\\evil.example', 'unsafe'],
  ])('refuses %j (%s)', (url, code) => {
    expect(linkProblem(url, routes())?.code).toBe(code);
  });

  it("follows the partner's routes: no /discover without a discover page, no /recover with single sign-on", () => {
    expect(linkProblem('/discover', routes({ hasDiscoverPage: false }))?.code).toBe('unknown-page');
    expect(linkProblem('/recover', routes({ enrollmentType: 'sso' }))?.code).toBe('unknown-page');
    expect(linkProblem('/recover', routes())).toBeNull();
    expect(linkProblem('/join', routes({ enrollmentType: 'none' }))?.code).toBe('unknown-page');
  });

  it('checks merchants and earn pages only when the caller knows which exist', () => {
    const known = { ...routes(), merchants: new Set(['m-1']), earnPages: new Set(['bonus']) };
    expect(linkProblem('/merchants/m-1', known)).toBeNull();
    expect(linkProblem('/merchants/m-1/Order', known)).toBeNull();
    expect(linkProblem('/merchants/m-2', known)?.code).toBe('unknown-merchant');
    expect(linkProblem('/earn/Bonus', known)).toBeNull();
    expect(linkProblem('/earn/other', known)?.code).toBe('unknown-earn-page');
    expect(linkProblem('/merchants/m-2', routes())).toBeNull();
  });

  it('finds links by field name at any depth, leaves images to the scheme check, and knows earn_details url is a slug', () => {
    const fields = {
      nav_links: [{ text_desktop: 'A', text_mobile: 'A', url: 'www.example.com' }],
      image: 'javascript:alert(1)',
      nested: { button_url: '/nowhere', image: '/media/a.png' },
    };
    expect(linkProblems('*', fields, routes()).map((p) => [p.pointer, p.code])).toEqual([
      ['/nav_links/0/url', 'not-a-link'],
      ['/image', 'unsafe'],
      ['/nested/button_url', 'unknown-page'],
    ]);
    expect(linkProblems('earn_details', { url: 'new-member-bonus' }, routes())).toEqual([]);
  });
});
