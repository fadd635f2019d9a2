// Native-app wrapper and installed-PWA detection (spec 000 §1).

/** The native wrapper's user agent carries `MenuboardApp/<version>`; version defaults to 0.0.0. */
export function detectNativeApp(userAgent: string): { version: string; platform: 'ios' | 'android' } | null {
  const match = /MenuboardApp(?:\/(\d+(?:\.\d+){0,2}))?/.exec(userAgent);
  if (!match) return null;
  const parts = (match[1] ?? '0.0.0').split('.');
  while (parts.length < 3) parts.push('0');
  return { version: parts.join('.'), platform: /android/i.test(userAgent) ? 'android' : 'ios' };
}

export function isStandalonePwa(): boolean {
  if (typeof window === 'undefined') return false;
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;
}

/** Compares dotted versions: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
