// The frame's decisions as pure functions (spec 000 §2 "Page frame", §4 Survey and Install banner),
// so each rule is tested without a browser and the components only render what these return.
import type { EnrollmentType, VisitorKind } from '#shared/visitor.ts';
import { compareVersions } from '#client/lib/device.ts';

/** Enrolment steps 1-3 (and sub-paths, e.g. the step-2 sub-path the spec mentions). */
const ENROLLMENT_PATHS = ['/join', '/add_card', '/card_added'];

function underPath(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * Whether the page is an enrolment step (minimal header). A partner without enrolment has no such
 * pages: its /join is the Not Found page, which keeps the normal frame.
 */
export function isEnrollmentPath(pathname: string, enrollmentType?: EnrollmentType): boolean {
  if (enrollmentType === 'none') return false;
  return ENROLLMENT_PATHS.some((base) => underPath(pathname, base));
}

export type SearchIconState = 'link' | 'disabled' | 'hidden';

/** Hidden on paths containing /discover, disabled (not a link) on the search page itself. */
export function searchIconState(pathname: string): SearchIconState {
  if (pathname.includes('/discover')) return 'hidden';
  if (underPath(pathname, '/search')) return 'disabled';
  return 'link';
}

export function showsBackLink(pathname: string): boolean {
  return pathname.includes('/merchants/') || pathname.includes('/account/');
}

/**
 * What the header's right side shows.
 * - none: enrolment type none (no sign-in, join or account) — nothing at all.
 * - cardMember: the member dropdown.
 * - anonymousDirect: sign-in link + join button. anonymousSso: only a join button.
 * - nonCardMember: join button + sign-out link. The spec names the sso case; a direct non-card
 *   member is in the same position (signed in, no card yet; spec 000 §6 "Non-card member: sees a join
 *   button and sign-out"), so it gets the same pair — /join leads a signed-in member on to adding a card.
 * - closedAccount: only a sign-out link; re-enrolment replaces the footer area, and joining again
 *   would create a second account.
 * - enrollmentDirect / enrollmentSso: on /join, /add_card, /card_added: "Already a member?" with a
 *   sign-in link (direct) or a sign-out link naming the programme (sso). A member already signed in
 *   mid-enrolment under direct gets the sign-out link too: signing in again would make no sense.
 * A known (pre-login) member is treated as anonymous: nobody is signed in.
 */
export type HeaderVariant =
  | 'none'
  | 'cardMember'
  | 'anonymousDirect'
  | 'anonymousSso'
  | 'nonCardMember'
  | 'closedAccount'
  | 'enrollmentDirect'
  | 'enrollmentSso'
  | 'enrollmentSignedIn';

export function headerVariant(kind: VisitorKind, enrollmentType: EnrollmentType, pathname: string): HeaderVariant {
  if (enrollmentType === 'none') return 'none';
  const signedIn = kind === 'cardMember' || kind === 'nonCardMember' || kind === 'closedAccount';
  if (isEnrollmentPath(pathname)) {
    if (enrollmentType === 'sso') return 'enrollmentSso';
    return signedIn ? 'enrollmentSignedIn' : 'enrollmentDirect';
  }
  if (kind === 'cardMember') return 'cardMember';
  if (kind === 'nonCardMember') return 'nonCardMember';
  if (kind === 'closedAccount') return 'closedAccount';
  return enrollmentType === 'sso' ? 'anonymousSso' : 'anonymousDirect';
}

export function isSignedIn(kind: VisitorKind): boolean {
  return kind === 'cardMember' || kind === 'nonCardMember' || kind === 'closedAccount';
}

export { signInPath } from '#shared/partner.ts';

/** First group of the mobile menu. */
export type MenuAccountGroup = 'signInAndJoin' | 'join' | 'accountCentre' | 'none';

export function menuAccountGroup(kind: VisitorKind, enrollmentType: EnrollmentType): MenuAccountGroup {
  if (enrollmentType === 'none') return 'none';
  if (kind === 'cardMember') return 'accountCentre';
  if (kind === 'nonCardMember') return 'join';
  if (kind === 'closedAccount') return 'none';
  return enrollmentType === 'sso' ? 'join' : 'signInAndJoin';
}

/** The announcement modal (partner appAnnouncementModal) is not shown on these paths. */
const ANNOUNCEMENT_HIDDEN_PATHS = ['/login', '/join'];

/** `homeIsDiscover`: the partner's home (/) is its discover page, so it counts as /discover. */
export function announcementAllowedOn(pathname: string, homeIsDiscover = false): boolean {
  if (pathname.includes('/discover')) return false;
  if (homeIsDiscover && pathname === '/') return false;
  return !ANNOUNCEMENT_HIDDEN_PATHS.some((base) => underPath(pathname.toLowerCase(), base));
}

/** Where a visitor is already signing in, enrolling, activating or leaving. */
const SIGN_IN_FLOW_PATHS = ['/login', '/join', '/add_card', '/card_added', '/activate', '/recover', '/signout'];

/**
 * The temporary notice of an sso partner ("sign in or join with your programme account") belongs
 * to sso partners only, never to closed accounts (spec 000 §4), and does not interrupt a visitor
 * who is already in the middle of signing in, enrolling or activating.
 */
export function temporarySsoAllowed(enrollmentType: EnrollmentType, kind: VisitorKind, pathname: string): boolean {
  if (enrollmentType !== 'sso' || kind === 'closedAccount') return false;
  return !SIGN_IN_FLOW_PATHS.some((base) => underPath(pathname.toLowerCase(), base));
}

// The survey's rules live with the survey's own code (it loads on demand); tests read them here.
export * from './survey-rules.ts';

/** iOS Safari cannot prompt to install; the banner explains the share-sheet route instead. */
export function isIosSafari(userAgent: string): boolean {
  const ios = /iP(hone|ad|od)/.test(userAgent) || (/Macintosh/.test(userAgent) && /Mobile\//.test(userAgent));
  // Other iOS browsers (Chrome, Firefox, Edge, Opera, in-app views) cannot add to the home screen.
  return ios && /Safari\//.test(userAgent) && !/(CriOS|FxiOS|EdgiOS|OPiOS|GSA|MenuboardApp)/.test(userAgent);
}

export const INSTALL_SNOOZE_DAYS = 30;

export function installBannerVisible(args: {
  enabled: boolean;
  installed: boolean;
  nativeApp: boolean;
  hasPrompt: boolean;
  iosSafari: boolean;
  snoozedUntil: number | null;
  now: number;
}): boolean {
  if (!args.enabled || args.installed || args.nativeApp) return false;
  if (args.snoozedUntil !== null && args.now < args.snoozedUntil) return false;
  return args.hasPrompt || args.iosSafari;
}

/** The native app must update when its version is below the partner's minimum. */
export function needsAppUpdate(appVersion: string | null, minimumAppVersion: string): boolean {
  if (appVersion === null) return false;
  return compareVersions(appVersion, minimumAppVersion) < 0;
}

/** Support email: a mailto link when it looks like an address, otherwise a web link (new tab). */
export function supportEmailLink(href: string): { href: string; newTab: boolean } {
  const value = href.replace(/^mailto:/i, '');
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return { href: `mailto:${value}`, newTab: false };
  return { href, newTab: true };
}

/** An internal path (rendered as a router link) rather than another site or a scheme link. */
export function isInternalUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}
