// @vitest-environment happy-dom
// Device detection (src/client/lib/device.ts): the native wrapper is recognised by its
// `MenuboardApp/<version>` user-agent token (version padded, 0.0.0 without one) and its platform
// picks the store; an installed PWA by display-mode or iOS standalone; and the version comparison
// behind the update notice (needsAppUpdate against the partner's minimumAppVersion).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareVersions, detectNativeApp, isStandalonePwa } from '#client/lib/device.ts';
import { needsAppUpdate } from '#client/features/frame/rules.ts';

const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const DESKTOP_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('detectNativeApp', () => {
  it('reads the version from the MenuboardApp token on iOS', () => {
    expect(detectNativeApp('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 MenuboardApp/2.3.1')).toEqual({
      version: '2.3.1',
      platform: 'ios',
    });
  });

  it('reads the version from the MenuboardApp token on Android', () => {
    expect(detectNativeApp(`${ANDROID_CHROME} MenuboardApp/5.0.0`)).toEqual({ version: '5.0.0', platform: 'android' });
  });

  it('finds the token anywhere in the user agent', () => {
    expect(detectNativeApp('MenuboardApp/1.4.2 (Linux; Android 13) AppleWebKit/537.36')).toEqual({ version: '1.4.2', platform: 'android' });
  });

  it('defaults to 0.0.0 when the token has no version', () => {
    expect(detectNativeApp(`${IOS_SAFARI} MenuboardApp`)).toEqual({ version: '0.0.0', platform: 'ios' });
    expect(detectNativeApp(`${ANDROID_CHROME} MenuboardApp/`)).toEqual({ version: '0.0.0', platform: 'android' });
  });

  it('pads a short version to three parts and ignores parts beyond three', () => {
    expect(detectNativeApp('MenuboardApp/3')?.version).toBe('3.0.0');
    expect(detectNativeApp('MenuboardApp/3.1')?.version).toBe('3.1.0');
    expect(detectNativeApp('MenuboardApp/10.20.30')?.version).toBe('10.20.30');
    expect(detectNativeApp('MenuboardApp/1.2.3.4')?.version).toBe('1.2.3');
  });

  it('tells Android by the UA whatever its case, and takes anything else for iOS', () => {
    expect(detectNativeApp('Mozilla/5.0 (linux; ANDROID 12) MenuboardApp/1.0.0')?.platform).toBe('android');
    expect(detectNativeApp('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) MenuboardApp/1.0.0')?.platform).toBe('ios');
  });

  it('is null for plain browsers', () => {
    expect(detectNativeApp(IOS_SAFARI)).toBeNull();
    expect(detectNativeApp(ANDROID_CHROME)).toBeNull();
    expect(detectNativeApp(DESKTOP_CHROME)).toBeNull();
    expect(detectNativeApp('')).toBeNull();
  });
});

describe('isStandalonePwa', () => {
  function displayMode(standalone: boolean) {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: standalone && query === '(display-mode: standalone)', media: query }));
  }

  it('is true when the page runs in standalone display mode', () => {
    displayMode(true);
    expect(isStandalonePwa()).toBe(true);
  });

  it('is false in a browser tab', () => {
    displayMode(false);
    expect(isStandalonePwa()).toBe(false);
  });

  it('is true for an iOS home-screen app (navigator.standalone)', () => {
    displayMode(false);
    vi.stubGlobal('navigator', { userAgent: IOS_SAFARI, standalone: true });
    expect(isStandalonePwa()).toBe(true);
  });
});

describe('compareVersions and the update notice', () => {
  it('orders versions part by part, numerically', () => {
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
    expect(compareVersions('1.2.3', '1.2.4')).toBeLessThan(0);
    expect(compareVersions('1.3.0', '1.2.9')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0', '1.99.99')).toBeGreaterThan(0);
    // Numeric, not lexical: 10 > 9.
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('0.9.0', '0.10.0')).toBeLessThan(0);
  });

  it('treats missing parts as 0', () => {
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
    expect(compareVersions('1', '1.0.1')).toBeLessThan(0);
  });

  it('asks an app below the partner minimum to update, and nobody else', () => {
    const minimum = '2.0.0';
    const version = (ua: string) => detectNativeApp(ua)?.version ?? null;
    expect(needsAppUpdate(version(`${ANDROID_CHROME} MenuboardApp/1.9.9`), minimum)).toBe(true);
    expect(needsAppUpdate(version(`${IOS_SAFARI} MenuboardApp/2`), minimum)).toBe(false);
    expect(needsAppUpdate(version(`${IOS_SAFARI} MenuboardApp/2.0.1`), minimum)).toBe(false);
    expect(needsAppUpdate(version(`${IOS_SAFARI} MenuboardApp/10.0.0`), minimum)).toBe(false);
    // An app that does not say its version (0.0.0) must update once a partner sets a minimum...
    expect(needsAppUpdate(version(`${IOS_SAFARI} MenuboardApp`), minimum)).toBe(true);
    // ...but not under the default minimum of 0.0.0.
    expect(needsAppUpdate(version(`${IOS_SAFARI} MenuboardApp`), '0.0.0')).toBe(false);
    // A plain browser is never asked.
    expect(needsAppUpdate(version(IOS_SAFARI), '99.0.0')).toBe(false);
  });
});
