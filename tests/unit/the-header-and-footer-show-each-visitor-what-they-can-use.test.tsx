// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Header } from '#client/features/frame/Header.tsx';
import { Footer } from '#client/features/frame/Footer.tsx';
import { cmsPage, memberFixture, renderWithApp } from '#tests/utils/render.tsx';

afterEach(cleanup);

function banner() {
  return within(screen.getByRole('banner'));
}

describe('header right side', () => {
  it('anonymous, direct: a sign-in link and a join button', () => {
    renderWithApp(<Header />, { partner: 'skyline' });
    expect(banner().getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(banner().getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe('/join');
    expect(banner().queryByRole('link', { name: 'Sign out' })).toBeNull();
  });

  it('anonymous, sso: only a join button', () => {
    renderWithApp(<Header />, { partner: 'harbor' });
    expect(banner().getByRole('link', { name: 'Join now' })).toBeTruthy();
    expect(banner().queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('enrolment type none: no sign-in, join or account at all', () => {
    renderWithApp(<Header />, { partner: 'openplate', route: '/search' });
    expect(banner().queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(banner().queryByRole('link', { name: 'Join now' })).toBeNull();
    expect(banner().queryByRole('link', { name: /sign out/i })).toBeNull();
  });

  it('card member: a dropdown with greeting, email, account links and sign-out', () => {
    renderWithApp(<Header />, { partner: 'skyline', member: memberFixture() });
    const button = banner().getByRole('button', { name: /Hi, Ada Lovelace/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(banner().getByText('ada@example.com')).toBeTruthy();
    const hrefs = ['Account Overview', 'Reviews & History', 'Linked Cards', 'Profile'].map((name) =>
      banner().getByRole('link', { name }).getAttribute('href'),
    );
    expect(hrefs).toEqual(['/account/overview', '/account/recent_activity', '/account/manage_cards', '/account/user_profile']);
    expect(banner().getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/SignOut');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('card member: the dropdown closes on an outside press and on an item click', () => {
    renderWithApp(<Header />, { partner: 'skyline', member: memberFixture() });
    const button = banner().getByRole('button', { name: /Hi, Ada Lovelace/ });
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    fireEvent.click(banner().getByRole('link', { name: 'Linked Cards' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('non-card sso member: join button and sign-out link', () => {
    renderWithApp(<Header />, { partner: 'harbor', member: memberFixture({ memberType: 'NonCardMember' }) });
    expect(banner().getByRole('link', { name: 'Join now' })).toBeTruthy();
    expect(banner().getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/SignOut');
  });

  it('enrolment pages: "Already a member?" with sign-in (direct) or sign-out naming the programme (sso), no menu button', () => {
    renderWithApp(<Header />, { partner: 'skyline', route: '/join' });
    expect(banner().getByText('Already a member?')).toBeTruthy();
    expect(banner().getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(banner().queryByRole('button', { name: 'Menu' })).toBeNull();
    cleanup();
    renderWithApp(<Header />, { partner: 'harbor', route: '/add_card' });
    expect(banner().getByText('Already a member?')).toBeTruthy();
    expect(banner().getByRole('link', { name: 'Sign out of Harbor Rewards Dining' }).getAttribute('href')).toBe('/SignOut');
    expect(banner().queryByRole('button', { name: 'Menu' })).toBeNull();
  });
});

describe('header controls', () => {
  it('search icon: a link normally, hidden on discover, disabled (not a link) on search', () => {
    renderWithApp(<Header />, { partner: 'skyline', route: '/' });
    expect(banner().getByRole('link', { name: 'Search restaurants' }).getAttribute('href')).toBe('/search');
    cleanup();
    renderWithApp(<Header />, { partner: 'skyline', route: '/discover' });
    expect(banner().queryByRole('link', { name: 'Search restaurants' })).toBeNull();
    expect(banner().queryByRole('button', { name: 'Search restaurants' })).toBeNull();
    cleanup();
    renderWithApp(<Header />, { partner: 'skyline', route: '/search' });
    expect(banner().queryByRole('link', { name: 'Search restaurants' })).toBeNull();
    expect(banner().getByRole('button', { name: 'Search restaurants' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('back link on merchant and account paths only', () => {
    renderWithApp(<Header />, { partner: 'skyline', route: '/merchants/12' });
    expect(banner().getByRole('button', { name: 'Back' })).toBeTruthy();
    cleanup();
    renderWithApp(<Header />, { partner: 'skyline', route: '/search' });
    expect(banner().queryByRole('button', { name: 'Back' })).toBeNull();
  });
});

describe('footer', () => {
  const cms = {
    '*': [
      cmsPage('footer', {
        primary_links: [{ text: 'How it works', url: '/how-it-works' }],
        secondary_links: [{ text: 'Terms', url: '/terms' }],
        copyright: '© {currentYear} Skyline Airways',
        disclaimer: '<p>Miles post in <strong>6-8 weeks</strong>.</p>',
      }),
    ],
  };

  it('shows links, copyright with placeholders, disclaimer markup, badges and the logo chain', () => {
    renderWithApp(<Footer />, { partner: 'skyline', cms, now: new Date() });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'How it works' }).getAttribute('href')).toBe('/how-it-works');
    expect(footer.getByRole('link', { name: 'Terms' })).toBeTruthy();
    expect(footer.getByText(`© ${new Date().getFullYear()} Skyline Airways`)).toBeTruthy();
    expect(footer.getByText('6-8 weeks').tagName).toBe('STRONG');
    expect(footer.getByRole('img', { name: 'Menuboard' })).toBeTruthy();
    expect(footer.getByRole('img', { name: 'Skyline SkyDining' })).toBeTruthy();
    expect(footer.getByRole('link', { name: /App Store/ }).getAttribute('href')).toContain('apps.apple.com');
    expect(footer.getByRole('link', { name: 'dining@skyline.example' }).getAttribute('href')).toBe('mailto:dining@skyline.example');
  });

  it('hides the logos for the partner with hideFooterLogos and the badges inside the native app', () => {
    renderWithApp(<Footer />, { partner: 'greenleaf', visitor: { nativeApp: true } });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.queryByRole('img', { name: 'Menuboard' })).toBeNull();
    expect(footer.queryByRole('img', { name: 'Greenleaf Cash Back Dining' })).toBeNull();
    expect(footer.queryByRole('link', { name: /App Store/ })).toBeNull();
  });

  it('opens a support "email" that is a web address in a new tab', () => {
    renderWithApp(<Footer />, { partner: 'harbor' });
    const link = within(screen.getByRole('contentinfo')).getByRole('link', { name: /Contact Harbor Rewards/ });
    expect(link.getAttribute('href')).toBe('https://harbor.example/contact');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
