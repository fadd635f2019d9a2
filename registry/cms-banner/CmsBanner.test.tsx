// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { CmsBannerFields } from '#shared/generated/types.ts';
import { validateCmsBannerProps } from '#shared/generated/validators.js';
import { problemsFrom } from '#shared/validation.ts';
import { cmsPage, fakeFetch, memberFixture, merchantFixture, renderWithApp, searchResponse } from '#tests/utils/render.tsx';
import { BlockPositionContext, HeroClaimContext, heroClaimOf } from '#client/ui/block-position.tsx';
import { CmsBanner, DESKTOP_MIN_WIDTH } from './CmsBanner.tsx';

/** matchMedia answering min-width queries for a given viewport width. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}

const anonymousJoin: CmsBannerFields = {
  category: 'enrollment',
  user_states: ['anonymous'],
  show_prospect_form: true,
  banner_text: [
    { type: 'title', fields: { text_desktop: 'Dine out, earn {currency}', text_mobile: 'Earn {currency}' } },
    { type: 'body_text', fields: { text_desktop: 'Join {programName} for free.' } },
    { type: 'button', fields: { text_desktop: 'Join now', url: '/join' } },
    { type: 'standalone_link', fields: { text_desktop: 'Programme terms', url: 'https://example.com/terms', new_tab: true } },
  ],
};

const memberBonus: CmsBannerFields = {
  category: 'bonus',
  user_states: ['card_member'],
  banner_text: [{ type: 'title', fields: { text_desktop: 'Your bonus is waiting' } }],
};

const cms = { home: [cmsPage('join-banner', anonymousJoin), cmsPage('member-bonus', memberBonus)] };

beforeEach(() => viewport(1280));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('cms-banner block', () => {
  it('accepts valid props and rejects invalid ones with a pointer', () => {
    expect(validateCmsBannerProps({ slug: 'join-banner' })).toBe(true);
    expect(validateCmsBannerProps({ slug: 'join-banner', group: 'discover' })).toBe(true);
    expect(validateCmsBannerProps({ slug: 'join-banner', group: 'footer' })).toBe(false);
    expect(problemsFrom('layout', validateCmsBannerProps.errors).map((p) => p.pointer)).toContain('/group');
  });

  it('renders an anonymous banner in order, with substituted copy, for an anonymous visitor', async () => {
    renderWithApp(<CmsBanner slug="join-banner" />, { cms });
    expect(screen.getByRole('heading', { level: 2, name: 'Dine out, earn miles' })).toBeTruthy();
    expect(screen.getByText('Join Skyline SkyDining for free.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe('/join');
    const terms = screen.getByRole('link', { name: /Programme terms/ });
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(terms.getAttribute('rel')).toContain('noopener');
    // Prospect form: anonymous visitor, direct enrolment, banner enables it (its code loads on demand).
    expect(await screen.findByRole('textbox', { name: /Email address/ })).toBeTruthy();
    expect(screen.queryByText('Your bonus is waiting')).toBeNull();
  });

  it('filters by user_states: a card member sees the member banner, not the anonymous one', () => {
    const member = memberFixture({ memberType: 'EnrolledCardMember', tierLevel: 2 });
    renderWithApp(
      <>
        <CmsBanner slug="join-banner" />
        <CmsBanner slug="member-bonus" />
      </>,
      { cms, member },
    );
    expect(screen.getByRole('heading', { name: 'Your bonus is waiting' })).toBeTruthy();
    expect(screen.queryByText(/Dine out/)).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('matches tier states too', () => {
    const vip = cmsPage('vip', { ...memberBonus, user_states: ['tier_3'] });
    renderWithApp(<CmsBanner slug="vip" />, { cms: { home: [vip] }, member: memberFixture({ tierLevel: 2 }) });
    expect(screen.queryByText('Your bonus is waiting')).toBeNull();
    cleanup();
    renderWithApp(<CmsBanner slug="vip" />, { cms: { home: [vip] }, member: memberFixture({ tierLevel: 3 }) });
    expect(screen.getByText('Your bonus is waiting')).toBeTruthy();
  });

  it(`draws a part's mobile text below ${DESKTOP_MIN_WIDTH} px and its desktop text from there, by CSS, once when they are the same`, () => {
    const { container } = renderWithApp(<CmsBanner slug="join-banner" />, { cms });
    // Two texts: each drawn for its width (CmsBanner.module.css shows one), so the server's page has
    // the right words at any width before the script runs, whatever width the script reads.
    expect(screen.getByRole('heading', { name: 'Earn miles' }).dataset.width).toBe('phone');
    expect(screen.getByRole('heading', { name: 'Dine out, earn miles' }).dataset.width).toBe('desktop');
    // No mobile text: the desktop text stands in at every width, drawn once.
    expect(screen.getAllByText('Join Skyline SkyDining for free.')).toHaveLength(1);
    expect(screen.getByText('Join Skyline SkyDining for free.').dataset.width).toBeUndefined();
    expect(screen.getAllByRole('link', { name: 'Join now' })).toHaveLength(1);
    // Nothing else is width-bound.
    expect(container.querySelectorAll('[data-width]')).toHaveLength(2);
  });

  it('hides the prospect form under sso enrolment and reads the discover group when asked', () => {
    renderWithApp(<CmsBanner slug="join-banner" group="discover" />, {
      partner: 'harbor',
      cms: { discover: [cmsPage('join-banner', anonymousJoin)] },
    });
    expect(screen.getByRole('heading', { name: 'Dine out, earn points' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('renders nothing for an unknown slug', () => {
    const { container } = renderWithApp(<CmsBanner slug="nope" />, { cms });
    expect(container.textContent).toBe('');
  });

  it('embeds a merchant carousel with its headline and query', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v2/Merchants/Search': { body: searchResponse([merchantFixture({ id: 'x1', name: 'Corner Deli' })]) },
      }).fetch,
    );
    const banner = cmsPage('new-places', {
      category: 'earn',
      user_states: ['anonymous'],
      banner_text: [
        { type: 'title', fields: { text_desktop: 'New this month' } },
        { type: 'merchant_carousel', fields: { headline: 'Just opened', query: 'isNew=true&location=Chicago', text_desktop: 'SKIPPED' } },
      ],
    });
    renderWithApp(<CmsBanner slug="new-places" />, { cms: { home: [banner] } });
    expect(screen.getByRole('heading', { name: 'Just opened' })).toBeTruthy();
    expect(screen.queryByText('SKIPPED')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Corner Deli' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /View all/ }).getAttribute('href')).toBe('/search?isNew=true&location=Chicago');
  });
});

describe('cms-banner images (media library)', () => {
  const sha = 'ab'.repeat(32);
  const libraryImage = (alt: string, decorative = false) => ({
    asset: 'mTerrace0001',
    sha256: sha,
    width: 1600,
    height: 1067,
    widths: [320, 640, 960, 1280],
    alt,
    decorative,
    focal: { x: 30, y: 72 },
  });
  const banner = (slug: string, image: unknown, states: CmsBannerFields['user_states'] = ['anonymous']) =>
    cmsPage(slug, {
      category: 'earn',
      user_states: states,
      image,
      banner_text: [{ type: 'title', fields: { text_desktop: `Banner ${slug}` } }],
    } as CmsBannerFields);

  it('renders a library image as <picture> with AVIF and WebP sources, srcset, sizes, its size, focal point and alt text', () => {
    renderWithApp(<CmsBanner slug="terrace" />, { cms: { home: [banner('terrace', libraryImage('Tables on a sunny terrace'))] } });
    const img = screen.getByRole('img', { name: 'Tables on a sunny terrace' });
    const picture = img.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    const sources = [...picture.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe([320, 640, 960, 1280].map((w) => `/media/lib/${sha}/${w}.avif ${w}w`).join(', '));
    expect(sources[1]!.getAttribute('srcset')).toContain(`/media/lib/${sha}/640.webp 640w`);
    for (const el of [...sources, img]) expect(el.getAttribute('sizes')).toMatch(/\(min-width: 861px\)/);
    expect(img.getAttribute('src')).toBe(`/media/lib/${sha}/960.jpg`);
    expect(img.getAttribute('srcset')).toContain(`/media/lib/${sha}/1280.jpg 1280w`);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '1067']);
    expect(img.style.objectPosition).toBe('30% 72%');
  });

  it('gives a decorative image empty alt text, and a path the plain <img> it had', () => {
    renderWithApp(
      <>
        <CmsBanner slug="pattern" />
        <CmsBanner slug="seeded" />
      </>,
      { cms: { home: [banner('pattern', libraryImage('', true)), banner('seeded', '/media/merchants/10005/promo.svg')] } },
    );
    const images = [...document.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['', '']);
    expect(images[1]!.getAttribute('src')).toBe('/media/merchants/10005/promo.svg');
    expect(images[1]!.parentElement!.tagName).not.toBe('PICTURE');
    expect(images[1]!.getAttribute('width')).toBe('1200');
  });

  it('loads the first visible hero first (fetchpriority=high), other top images eagerly, the rest lazily', () => {
    const page = (slugs: readonly string[]) => (
      <HeroClaimContext value={heroClaimOf({})}>
        {slugs.map((slug, position) => (
          <BlockPositionContext key={slug} value={position}>
            <CmsBanner slug={slug} />
          </BlockPositionContext>
        ))}
      </HeroClaimContext>
    );
    const home = [
      // Shown to card members only: for an anonymous visitor the first visible hero is the next one.
      banner('member-only', libraryImage('Members only'), ['card_member']),
      banner('hero', libraryImage('Hero')),
      banner('second', libraryImage('Second')),
      banner('lower', libraryImage('Lower')),
    ];
    const attrs = (name: string) => {
      const img = screen.getByRole('img', { name });
      return [img.getAttribute('loading'), img.getAttribute('fetchpriority')];
    };
    renderWithApp(page(['member-only', 'hero', 'lower']), { cms: { home } });
    expect(screen.queryByRole('img', { name: 'Members only' })).toBeNull();
    expect(attrs('Hero')).toEqual(['eager', 'high']);
    expect(attrs('Lower')).toEqual(['lazy', null]);
    cleanup();
    renderWithApp(page(['hero', 'second', 'lower']), { cms: { home } });
    expect(attrs('Hero')).toEqual(['eager', 'high']);
    expect(attrs('Second')).toEqual(['eager', null]);
    expect(attrs('Lower')).toEqual(['lazy', null]);
  });
});
