// Admin emulation (spec 000 §1, §4): support staff emulate a member in a window opened from the
// admin tool. The admin side marks it with the mb_emulation cookie (which the server clears at
// sign-out) and an emulation id (?emulationId= or session storage 'mb_emulation_id'); the page acts
// on the id. Either a message from the emulation window — its origin must equal the partner's
// adminOrigin exactly — or the presence of an emulation id ends the emulated session: the app goes
// to /SignOut, which clears the id, so the next load starts clean.
export const EMULATION_ID_KEY = 'mb_emulation_id';
export const EMULATION_ID_PARAM = 'emulationId';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Stores ?emulationId= when present; answers the emulation id in effect, if any. */
export function captureEmulationId(search: string): string | null {
  const fromUrl = new URLSearchParams(search).get(EMULATION_ID_PARAM)?.trim().slice(0, 100);
  const store = sessionStore();
  if (fromUrl) {
    try {
      store?.setItem(EMULATION_ID_KEY, fromUrl);
    } catch {
      // Blocked storage: the id from the URL still applies to this navigation.
    }
    return fromUrl;
  }
  try {
    return store?.getItem(EMULATION_ID_KEY) || null;
  } catch {
    return null;
  }
}

export function clearEmulationId(): void {
  try {
    sessionStore()?.removeItem(EMULATION_ID_KEY);
  } catch {
    // Nothing stored that we could reach.
  }
}

/** Whether a postMessage comes from the configured admin window (exact origin, no prefix games). */
export function isAdminMessage(event: Pick<MessageEvent, 'origin'>, adminOrigin: string | null | undefined): boolean {
  return typeof adminOrigin === 'string' && adminOrigin !== '' && event.origin === adminOrigin;
}
