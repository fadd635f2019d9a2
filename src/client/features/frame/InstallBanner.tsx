// "Install {program}." for partners with hasPWAInstallBanner (spec 000 §2, §4). Chromium browsers
// fire beforeinstallprompt when the app can be installed; we hold that event and replay it from
// the Install button. iOS Safari has no such event, so there the banner explains the share sheet.
// Hidden when already installed (standalone), inside the native app, without a prompt (except iOS
// Safari), when the partner disables it, or for 30 days after "Maybe later".
import { lazy, useEffect, useState } from 'react';
import { isStandalonePwa } from '#client/lib/device.ts';
import { usePartner, useVisitor } from '#client/runtime/index.tsx';
import { Deferred } from '#client/ui/Deferred.tsx';
import { DAY_MS, STORAGE_KEYS, readTimestamp, setFlagFor } from '#client/lib/storage.ts';
import { INSTALL_SNOOZE_DAYS, installBannerVisible, isIosSafari } from './rules.ts';

// The banner's markup loads only when it shows (the rules above are all the entry chunk carries).
const InstallBannerView = lazy(async () => ({ default: (await import('./InstallBannerView.tsx')).InstallBannerView }));

/** The non-standard event Chromium fires before offering installation. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

// The event can fire before React mounts the banner; keep it from the first moment this module loads.
let pendingPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<(event: BeforeInstallPromptEvent | null) => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our banner asks instead of the browser's mini-infobar.
    event.preventDefault();
    pendingPrompt = event as BeforeInstallPromptEvent;
    for (const listener of listeners) listener(pendingPrompt);
  });
  window.addEventListener('appinstalled', () => {
    pendingPrompt = null;
    for (const listener of listeners) listener(null);
  });
}

function useInstallPrompt(): [BeforeInstallPromptEvent | null, boolean] {
  const [prompt, setPrompt] = useState(pendingPrompt);
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const listener = (event: BeforeInstallPromptEvent | null) => {
      setPrompt(event);
      if (event === null) setInstalled(true);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return [prompt, installed];
}

export function InstallBanner() {
  const { config } = usePartner();
  const visitor = useVisitor();
  const [prompt, installedNow] = useInstallPrompt();
  const [snoozedUntil, setSnoozedUntil] = useState(() => readTimestamp(STORAGE_KEYS.installBannerSnoozedUntil));
  const [hiddenNow, setHiddenNow] = useState(false);
  const iosSafari = isIosSafari(navigator.userAgent);

  const visible =
    !hiddenNow &&
    installBannerVisible({
      enabled: config.hasPWAInstallBanner,
      installed: installedNow || isStandalonePwa(),
      nativeApp: visitor.nativeApp,
      hasPrompt: prompt !== null,
      iosSafari,
      snoozedUntil,
      now: Date.now(),
    });
  if (!visible) return null;

  const later = () => {
    setFlagFor(STORAGE_KEYS.installBannerSnoozedUntil, INSTALL_SNOOZE_DAYS * DAY_MS);
    setSnoozedUntil(readTimestamp(STORAGE_KEYS.installBannerSnoozedUntil));
  };
  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    const choice = await prompt.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
    // A prompt can be used once; after it the browser offers a fresh event if still installable.
    pendingPrompt = null;
    if (choice.outcome === 'accepted') setHiddenNow(true);
    else later();
  };

  const usePrompt = prompt !== null && !iosSafari;
  return (
    <Deferred>
      <InstallBannerView usePrompt={usePrompt} onLater={later} onInstall={() => void install()} />
    </Deferred>
  );
}
