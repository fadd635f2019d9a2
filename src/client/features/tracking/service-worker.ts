// Registers /worker.js (spec 000 §1, §7). Registration failure is only logged.
export async function registerServiceWorker(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/worker.js', { scope: '/' });
  } catch (error) {
    console.warn('[menuboard] service worker registration failed', error);
  }
}
