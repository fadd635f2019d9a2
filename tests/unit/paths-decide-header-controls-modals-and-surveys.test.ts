import { describe, expect, it } from 'vitest';
import {
  announcementAllowedOn,
  headerVariant,
  installBannerVisible,
  isEnrollmentPath,
  isIosSafari,
  isSurveySubmitted,
  menuAccountGroup,
  needsAppUpdate,
  pathMatches,
  searchIconState,
  showsBackLink,
  supportEmailLink,
  surveyFormUrl,
  surveyVisible,
  temporarySsoAllowed,
} from '#client/features/frame/rules.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('frame paths', () => {
  it('knows the enrolment pages and their sub-paths, and nothing that merely starts alike', () => {
    for (const p of ['/join', '/add_card', '/card_added', '/add_card/decline']) expect(isEnrollmentPath(p)).toBe(true);
    for (const p of ['/', '/joined', '/login', '/account/manage_cards']) expect(isEnrollmentPath(p)).toBe(false);
    // Without enrolment there are no enrolment pages: /join is Not Found in the normal frame.
    expect(isEnrollmentPath('/join', 'none')).toBe(false);
    expect(isEnrollmentPath('/join', 'direct')).toBe(true);
  });

  it('hides the search icon on discover paths and disables it on search', () => {
    expect(searchIconState('/discover')).toBe('hidden');
    expect(searchIconState('/discover/nearby')).toBe('hidden');
    expect(searchIconState('/search')).toBe('disabled');
    expect(searchIconState('/')).toBe('link');
    expect(searchIconState('/merchants/42')).toBe('link');
  });

  it('shows the back link on merchant and account paths only', () => {
    expect(showsBackLink('/merchants/42')).toBe(true);
    expect(showsBackLink('/account/overview')).toBe(true);
    expect(showsBackLink('/account')).toBe(false);
    expect(showsBackLink('/search')).toBe(false);
  });

  it('keeps the announcement modal off discover, login and join', () => {
    expect(announcementAllowedOn('/')).toBe(true);
    expect(announcementAllowedOn('/search')).toBe(true);
    for (const p of ['/discover', '/discover/x', '/login', '/Login', '/join']) expect(announcementAllowedOn(p)).toBe(false);
    // Where the home page is the discover page, / is the discover page too.
    expect(announcementAllowedOn('/', true)).toBe(false);
    expect(announcementAllowedOn('/search', true)).toBe(true);
  });
});

describe('header right side', () => {
  it('gives each visitor kind and enrolment type its variant', () => {
    expect(headerVariant('cardMember', 'direct', '/')).toBe('cardMember');
    expect(headerVariant('cardMember', 'sso', '/')).toBe('cardMember');
    expect(headerVariant('anonymous', 'direct', '/')).toBe('anonymousDirect');
    expect(headerVariant('knownMember', 'direct', '/')).toBe('anonymousDirect');
    expect(headerVariant('anonymous', 'sso', '/')).toBe('anonymousSso');
    expect(headerVariant('nonCardMember', 'sso', '/')).toBe('nonCardMember');
    expect(headerVariant('nonCardMember', 'direct', '/')).toBe('nonCardMember');
    expect(headerVariant('closedAccount', 'direct', '/')).toBe('closedAccount');
  });

  it('shows "Already a member?" on enrolment pages, by enrolment type', () => {
    expect(headerVariant('anonymous', 'direct', '/join')).toBe('enrollmentDirect');
    expect(headerVariant('anonymous', 'sso', '/join')).toBe('enrollmentSso');
    expect(headerVariant('nonCardMember', 'sso', '/add_card')).toBe('enrollmentSso');
    expect(headerVariant('nonCardMember', 'direct', '/add_card')).toBe('enrollmentSignedIn');
  });

  it('shows nothing to sign in or join with enrolment type none', () => {
    expect(headerVariant('anonymous', 'none', '/')).toBe('none');
    expect(headerVariant('anonymous', 'none', '/join')).toBe('none');
  });

  it('puts the right first group in the mobile menu', () => {
    expect(menuAccountGroup('cardMember', 'direct')).toBe('accountCentre');
    expect(menuAccountGroup('nonCardMember', 'sso')).toBe('join');
    expect(menuAccountGroup('anonymous', 'direct')).toBe('signInAndJoin');
    expect(menuAccountGroup('anonymous', 'sso')).toBe('join');
    expect(menuAccountGroup('anonymous', 'none')).toBe('none');
  });
});

describe('survey rules', () => {
  const now = Date.UTC(2026, 5, 1);

  it('matches list entries by path, full URL, and a trailing / or * as "and below"', () => {
    expect(pathMatches('/search', '/search')).toBe(true);
    expect(pathMatches('/search', '/search/')).toBe(true);
    expect(pathMatches('/search/', '/search')).toBe(true);
    expect(pathMatches('/merchants/', '/merchants/12')).toBe(true);
    expect(pathMatches('/merchants/', '/merchantsx')).toBe(false);
    expect(pathMatches('/merchants*', '/merchants/12')).toBe(true);
    expect(pathMatches('/*', '/anything')).toBe(true);
    expect(pathMatches('/', '/anything')).toBe(false);
    expect(pathMatches('/', '/')).toBe(true);
    expect(pathMatches('/Search', '/search')).toBe(true);
    expect(pathMatches('https://skyline.example/search', '/search')).toBe(true);
    expect(pathMatches('/merchants/*', '/merchants/12')).toBe(true);
    expect(pathMatches('/merchants/*', '/search')).toBe(false);
    expect(pathMatches('/search', '/search/map')).toBe(false);
    expect(pathMatches('', '/')).toBe(false);
  });

  it('is hidden off the allow list, on the disallow list, and within the cookie timeout', () => {
    expect(surveyVisible('/', { lastSeenAt: null, now })).toBe(true);
    expect(surveyVisible('/', { allow: ['/search'], lastSeenAt: null, now })).toBe(false);
    expect(surveyVisible('/search', { allow: ['/search'], lastSeenAt: null, now })).toBe(true);
    expect(surveyVisible('/search', { disallow: ['/search'], lastSeenAt: null, now })).toBe(false);
    expect(surveyVisible('/', { allow: [], lastSeenAt: null, now })).toBe(true);
    // Default cookie timeout: 90 days.
    expect(surveyVisible('/', { lastSeenAt: now - 89 * DAY, now })).toBe(false);
    expect(surveyVisible('/', { lastSeenAt: now - 90 * DAY, now })).toBe(true);
    expect(surveyVisible('/', { cookieTimeoutDays: 7, lastSeenAt: now - 8 * DAY, now })).toBe(true);
    expect(surveyVisible('/', { cookieTimeoutDays: 7, lastSeenAt: now - 6 * DAY, now })).toBe(false);
  });

  it('builds the form URL with the tracking values of spec 000 §7', () => {
    const url = new URL(
      surveyFormUrl({
        providersOrigin: 'http://localhost:3561',
        surveyId: 'dine-2026',
        pathname: '/search',
        publicId: null,
        partnerId: 'skyline',
        parentOrigin: 'http://skyline.localhost:3560',
      }),
    );
    expect(url.origin).toBe('http://localhost:3561');
    expect(url.pathname).toBe('/survey/dine-2026');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      utm_campaign: 'dine-2026',
      utm_medium: 'web',
      utm_source: '/search',
      public_id: '',
      partner_code: 'skyline',
      parent: 'http://skyline.localhost:3560',
    });
  });

  it('accepts the submitted message only from the exact providers origin', () => {
    const origin = 'http://localhost:3561';
    expect(isSurveySubmitted({ origin, data: { type: 'survey:submitted' } }, origin)).toBe(true);
    expect(isSurveySubmitted({ origin: 'http://localhost:3562', data: { type: 'survey:submitted' } }, origin)).toBe(false);
    expect(isSurveySubmitted({ origin: 'http://localhost:35611', data: { type: 'survey:submitted' } }, origin)).toBe(false);
    expect(isSurveySubmitted({ origin, data: 'survey:submitted' }, origin)).toBe(false);
    expect(isSurveySubmitted({ origin, data: null }, origin)).toBe(false);
  });
});

describe('install banner', () => {
  const base = { enabled: true, installed: false, nativeApp: false, hasPrompt: true, iosSafari: false, snoozedUntil: null, now: 1000 };
  it('shows with a prompt, or on iOS Safari without one', () => {
    expect(installBannerVisible(base)).toBe(true);
    expect(installBannerVisible({ ...base, hasPrompt: false })).toBe(false);
    expect(installBannerVisible({ ...base, hasPrompt: false, iosSafari: true })).toBe(true);
  });
  it('hides when disabled, installed, in the native app or snoozed', () => {
    expect(installBannerVisible({ ...base, enabled: false })).toBe(false);
    expect(installBannerVisible({ ...base, installed: true })).toBe(false);
    expect(installBannerVisible({ ...base, nativeApp: true })).toBe(false);
    expect(installBannerVisible({ ...base, snoozedUntil: 2000 })).toBe(false);
    expect(installBannerVisible({ ...base, snoozedUntil: 1000 })).toBe(true);
  });
  it('recognises iOS Safari and not the other iOS browsers', () => {
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const chrome =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/122.0 Mobile/15E148 Safari/604.1';
    expect(isIosSafari(safari)).toBe(true);
    expect(isIosSafari(chrome)).toBe(false);
    expect(isIosSafari('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36')).toBe(false);
  });
});

describe('update notice and support email', () => {
  it('asks the native app to update only below the minimum version', () => {
    expect(needsAppUpdate('0.9.0', '1.0.0')).toBe(true);
    expect(needsAppUpdate('0.0.0', '0.0.1')).toBe(true);
    expect(needsAppUpdate('1.0.0', '1.0.0')).toBe(false);
    expect(needsAppUpdate('1.10.0', '1.9.0')).toBe(false);
    expect(needsAppUpdate(null, '9.0.0')).toBe(false);
  });

  it('makes an address a mailto link and anything else a new-tab link', () => {
    expect(supportEmailLink('help@greenleaf.example')).toEqual({ href: 'mailto:help@greenleaf.example', newTab: false });
    expect(supportEmailLink('mailto:help@greenleaf.example')).toEqual({ href: 'mailto:help@greenleaf.example', newTab: false });
    expect(supportEmailLink('https://harbor.example/contact')).toEqual({ href: 'https://harbor.example/contact', newTab: true });
  });
});

describe('temporary sso modal', () => {
  it('belongs to sso partners only and never to closed accounts', () => {
    expect(temporarySsoAllowed('sso', 'anonymous', '/')).toBe(true);
    expect(temporarySsoAllowed('sso', 'cardMember', '/search')).toBe(true);
    expect(temporarySsoAllowed('direct', 'anonymous', '/')).toBe(false);
    expect(temporarySsoAllowed('none', 'anonymous', '/')).toBe(false);
    expect(temporarySsoAllowed('sso', 'closedAccount', '/')).toBe(false);
  });

  it('does not interrupt signing in, enrolling or activating', () => {
    for (const path of ['/Login', '/login', '/join', '/add_card', '/card_added', '/activate', '/activate/activated', '/SignOut']) {
      expect(temporarySsoAllowed('sso', 'anonymous', path), path).toBe(false);
    }
    expect(temporarySsoAllowed('sso', 'anonymous', '/joiners')).toBe(true);
  });
});
