// The install prompt (spec 000 §2, §4): Chromium fires beforeinstallprompt when the app can be
// installed, possibly before React mounts anything, so this module listens from the first moment
// (it is in the entry chunk) and holds the event for the install banner, whose own code loads only
// for partners that show it. Every partner's page keeps the browser's mini-infobar away.
import { useEffect, useState } from 'react';

/** The non-standard event Chromium fires before offering installation. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

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

export function useInstallPrompt(): [BeforeInstallPromptEvent | null, boolean] {
  const [prompt, setPrompt] = useState(pendingPrompt);
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const listener = (event: BeforeInstallPromptEvent | null) => {
      setPrompt(event);
      if (event === null) setInstalled(true);
    };
    listeners.add(listener);
    // An event that arrived between the first render and this effect would otherwise be missed.
    setPrompt(pendingPrompt);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return [prompt, installed];
}

/** A prompt can be used once: forget it (the browser offers a fresh event if still installable). */
export function forgetInstallPrompt(): void {
  pendingPrompt = null;
}
