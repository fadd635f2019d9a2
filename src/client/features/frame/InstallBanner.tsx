// "Install {program}." for partners with hasPWAInstallBanner (spec 000 §2, §4). Chromium browsers
// fire beforeinstallprompt when the app can be installed; we hold that event and replay it from
// the Install button. iOS Safari has no such event, so there the banner explains the share sheet.
// Hidden when already installed (standalone), inside the native app, without a prompt (except iOS
// Safari), when the partner disables it, or for 30 days after "Maybe later". Loaded only for
// partners with the banner (Frame.tsx); the prompt itself is held by install-prompt.ts.
import { useState } from 'react';
import { isStandalonePwa } from '#client/lib/device.ts';
import { usePartner, useVisitor } from '#client/runtime/index.tsx';
import { DAY_MS, STORAGE_KEYS, readTimestamp, setFlagFor } from '#client/lib/storage.ts';
import { INSTALL_SNOOZE_DAYS, installBannerVisible, isIosSafari } from './rules.ts';
import { forgetInstallPrompt, useInstallPrompt } from './install-prompt.ts';
import { InstallBannerView } from './InstallBannerView.tsx';

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
    forgetInstallPrompt();
    if (choice.outcome === 'accepted') setHiddenNow(true);
    else later();
  };

  const usePrompt = prompt !== null && !iosSafari;
  return <InstallBannerView usePrompt={usePrompt} onLater={later} onInstall={() => void install()} />;
}
