// Keeps the member session honest while the app runs (spec 000 §4):
// - the member is refetched on every navigation when one is loaded (which also slides the server
//   session and its expiry cookie);
// - within 24 h of expiry, a warning toast 60 s before it; clicking it refetches the member;
// - at expiry, /SignOut;
// - admin emulation: an emulation id, or a message from the admin window, signs out.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '#client/ui/toast/index.ts';
import { planSession, readSessionExpiry, SESSION_WARNING_MESSAGE } from './expiry.ts';
import { captureEmulationId, isAdminMessage } from './emulation.ts';

export const SIGN_OUT_PATH = '/SignOut';

export interface SessionEffectsProps {
  /** A member is loaded (signed in). */
  signedIn: boolean;
  /** When the member data last arrived (the expiry cookie is read again each time). */
  memberUpdatedAt: number;
  refetchMember: () => void;
  adminOrigin: string | null;
  /** The warning text (copy key session.expiryWarning; the spec's wording by default). */
  warningMessage?: string;
}

export function SessionEffects({
  signedIn,
  memberUpdatedAt,
  refetchMember,
  adminOrigin,
  warningMessage = SESSION_WARNING_MESSAGE,
}: SessionEffectsProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const onSignOutPage = location.pathname === SIGN_OUT_PATH;
  const refetch = useRef(refetchMember);
  refetch.current = refetchMember;

  // Refetch on navigation (not on the first render: the app just loaded the member).
  // signedIn is read through a ref, not tracked: signing in is not itself a reason to refetch.
  // A navigation is a new history key or a new address: history entries written outside the router
  // (pushState from a native shell or another script) all share the key "default".
  const navigation = `${location.key}|${location.pathname}${location.search}`;
  const firstNavigation = useRef(navigation);
  const signedInNow = useRef(signedIn);
  signedInNow.current = signedIn;
  useEffect(() => {
    if (navigation === firstNavigation.current || !signedInNow.current || onSignOutPage) return;
    refetch.current();
  }, [navigation, onSignOutPage]);

  // Warning and expiry timers, re-planned whenever fresh member data (and so a fresh cookie) arrives.
  useEffect(() => {
    if (!signedIn || onSignOutPage) return;
    const plan = planSession(readSessionExpiry(), Date.now());
    let toastId: string | null = null;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    if (plan.warnInMs !== null && plan.expireInMs !== null) {
      const visibleFor = plan.expireInMs - plan.warnInMs;
      timers.push(
        setTimeout(() => {
          toastId = toast.show({
            kind: 'info',
            message: warningMessage,
            onClick: () => refetch.current(),
            duration: Math.max(1000, visibleFor),
          });
        }, plan.warnInMs),
      );
    }
    if (plan.expireInMs !== null) timers.push(setTimeout(() => void navigate(SIGN_OUT_PATH), plan.expireInMs));
    return () => {
      for (const timer of timers) clearTimeout(timer);
      if (toastId) toast.dismiss(toastId);
    };
  }, [signedIn, memberUpdatedAt, onSignOutPage, navigate, toast, warningMessage]);

  // Emulation id in the URL or session storage: end the emulated session.
  useEffect(() => {
    if (onSignOutPage) return;
    if (captureEmulationId(location.search)) void navigate(SIGN_OUT_PATH, { replace: true });
  }, [location.search, onSignOutPage, navigate]);

  // A message from the admin emulation window (exact origin) ends it too.
  useEffect(() => {
    if (!adminOrigin) return;
    const onMessage = (event: MessageEvent) => {
      if (isAdminMessage(event, adminOrigin)) void navigate(SIGN_OUT_PATH);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [adminOrigin, navigate]);

  return null;
}
