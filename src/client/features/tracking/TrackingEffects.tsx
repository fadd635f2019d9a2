// Tracking that runs alongside every route (spec 000 §2, §4, §7):
// - page views 500 ms after each navigation, to window.dataLayer and as an impression record,
//   with the member id and, on merchant pages, the merchant id; the post also carries the blocks
//   seen and clicked since the last one (block-impressions.ts), and each navigation starts a new
//   page view for them;
// - referral/UTM values from the URL saved in cookies;
// - the service worker registered once; PWA session and install events;
// - dropped-block reports sent to the server.
import { useEffect, useRef } from 'react';
import { matchPath, useLocation } from 'react-router';
import { postImpressions } from './api/impressions.ts';
import { startPageView, takeBlockImpressions } from './block-impressions.ts';
import { analyticsSession, PAGE_VIEW_DELAY_MS, pushEvent } from '#client/lib/analytics.ts';
import { captureReferral } from './referral.ts';
import { registerServiceWorker } from './service-worker.ts';
import { startProblemReporting } from './problems.ts';

export interface TrackingEffectsProps {
  /** The signed-in member's public id, else null. */
  memberId: string | null;
  /** The known member's public id (from ?public_id= or its cookie), else null. */
  publicId: string | null;
}

let started = false;

export function merchantIdOf(pathname: string): string | null {
  return matchPath({ path: '/merchants/:merchantId/*', caseSensitive: false }, pathname)?.params.merchantId ?? null;
}

export function TrackingEffects({ memberId, publicId }: TrackingEffectsProps) {
  const location = useLocation();
  const ids = useRef({ memberId, publicId });
  ids.current = { memberId, publicId };

  // Once per page load.
  useEffect(() => {
    if (started) return;
    started = true;
    void registerServiceWorker();
    startProblemReporting();
    if (analyticsSession() === 'standalone') {
      pushEvent({ event: 'pwa_session', publicId: ids.current.memberId ?? ids.current.publicId ?? 'anonymous' });
    }
    window.addEventListener('appinstalled', () => {
      pushEvent({ event: 'pwa_install', publicId: ids.current.memberId ?? ids.current.publicId ?? 'anonymous' });
    });
  }, []);

  useEffect(() => {
    captureReferral(location.search);
  }, [location.search]);

  // A page view per navigation, 500 ms later; a quick redirect (e.g. /account -> overview)
  // cancels the first, so only the page the visitor lands on is counted.
  useEffect(() => {
    const path = location.pathname;
    startPageView();
    const timer = setTimeout(() => {
      const memberId = ids.current.memberId;
      const merchantId = merchantIdOf(path);
      pushEvent({ event: 'page_view', path, memberId, merchantId });
      void postImpressions([{ event: 'page_view', path, memberId, merchantId, session: analyticsSession() }, ...takeBlockImpressions()]);
    }, PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.key, location.pathname]);

  return null;
}
