// A stand-in for the captcha provider's script (window.mbCaptcha) for component tests: always
// ready, the checkbox answers "checkbox-token", the invisible check "invisible-token".
import { vi } from 'vitest';
import { act } from '@testing-library/react';
import type { CaptchaApi } from '#client/ui/form/captcha.ts';

export function installFakeCaptcha() {
  let tick: ((token: string) => void) | undefined;
  const api = {
    ready: true,
    render: vi.fn<CaptchaApi['render']>((_container, options) => {
      tick = options.callback;
      return 1;
    }),
    isReady: () => true,
    getResponse: () => 'checkbox-token',
    reset: vi.fn<CaptchaApi['reset']>(),
    execute: vi.fn<CaptchaApi['execute']>(() => Promise.resolve('invisible-token')),
  } satisfies CaptchaApi;
  window.mbCaptcha = api;
  /** The visitor ticks the checkbox. */
  const tickCheckbox = () => act(() => tick?.('checkbox-token'));
  return { api, tickCheckbox };
}
