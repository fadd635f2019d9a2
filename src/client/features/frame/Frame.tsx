// The page frame around every route (spec 000 §2 "Page frame"): skip link, install banner,
// announcement banner, header, the page, then the footer — or, for a closed-account member, the
// re-enrolment area in its place — plus the survey widget and the queued one-time modals.
// Inside a native app older than the partner's minimumAppVersion only the update notice shows.
// In the page editor's preview frame (drafts, framed by the editor) the survey and the one-time
// modals are left out: they would cover the page being edited.
import { lazy } from 'react';
import { Outlet, useLocation } from 'react-router';
import { detectNativeApp } from '#client/lib/device.ts';
import { Deferred } from '#client/ui/Deferred.tsx';
import { PageRenderer } from '#client/page/PageRenderer.tsx';
import { useCopy, usePartner, useRuntime, useVisitor } from '#client/runtime/index.tsx';
import { AnnouncementBanner } from './AnnouncementBanner.tsx';
import { Footer } from './Footer.tsx';
import { FrameModals } from './FrameModals.tsx';
import { Header } from './Header.tsx';
import { useInstallPrompt } from './install-prompt.ts';
import { SurveyWidget } from './SurveyWidget.tsx';
import { isIosSafari, needsAppUpdate } from './rules.ts';
import { useIsClient } from '#client/lib/useIsClient.ts';
import styles from './Frame.module.css';

const InstallBanner = lazy(async () => ({ default: (await import('./InstallBanner.tsx')).InstallBanner }));
const UpdateNotice = lazy(async () => ({ default: (await import('./UpdateNotice.tsx')).UpdateNotice }));

function useNeedsAppUpdate(): boolean {
  const { config } = usePartner();
  const app = typeof navigator === 'undefined' ? null : detectNativeApp(navigator.userAgent);
  return needsAppUpdate(app?.version ?? null, config.minimumAppVersion);
}

/**
 * The install banner's code loads only when the banner could show: the browser offered installation
 * (beforeinstallprompt, held from the first moment by install-prompt.ts), or iOS Safari, which has
 * no such event and gets the share-sheet words. Most visits have neither and load nothing.
 */
function InstallBannerSlot() {
  const [prompt] = useInstallPrompt();
  // Decided after hydration: a server-rendered page is the same for every browser.
  const client = useIsClient();
  if (!client || (prompt === null && !isIosSafari(navigator.userAgent))) return null;
  return (
    <Deferred>
      <InstallBanner />
    </Deferred>
  );
}

export function Frame() {
  const copy = useCopy();
  const partner = usePartner();
  const needsUpdate = useNeedsAppUpdate();
  const editorPreview = useRuntime().preview && window.parent !== window;
  if (needsUpdate) {
    return (
      <Deferred>
        <UpdateNotice />
      </Deferred>
    );
  }
  return (
    <div className={styles.frame}>
      <a className={styles.skip} href="#main">
        {copy('frame.skipToContent', 'Skip to content')}
      </a>
      {partner.config.hasPWAInstallBanner && <InstallBannerSlot />}
      <AnnouncementBanner />
      <Header />
      <div className={styles.content}>
        <Outlet />
      </div>
      <FooterArea />
      {editorPreview ? null : <SurveyWidget />}
      {editorPreview ? null : <FrameModals />}
    </div>
  );
}

/**
 * Closed-account members re-enrol here instead of seeing the normal footer area (spec 000 §2, §4),
 * except on the account overview, which leads with the same form: there the footer stays.
 */
function FooterArea() {
  const partner = usePartner();
  const visitor = useVisitor();
  const copy = useCopy();
  const { pathname } = useLocation();
  const reenroll = partner.pages.reenroll;
  const leadsWithReenrolment = pathname.replace(/\/+$/, '').toLowerCase() === '/account/overview';
  if (visitor.kind === 'closedAccount' && reenroll && !leadsWithReenrolment) {
    return (
      <section className={styles.reenroll} aria-label={copy('frame.reenrollRegion', 'Re-enrol')}>
        <PageRenderer layout={reenroll} source="partners/_base/pages/reenroll.json" embedded />
      </section>
    );
  }
  return <Footer />;
}
