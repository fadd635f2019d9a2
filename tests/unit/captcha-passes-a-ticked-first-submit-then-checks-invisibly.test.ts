// @vitest-environment happy-dom
// The captcha's client side (src/client/ui/form/captcha.ts) against spec 000 §8/§9 and 001 §4/§9:
// the first submit passes with the checkbox token, later submits run the invisible check, a failed
// submit resets the check; readiness is polled every 500 ms; an unticked checkbox gives "You must
// complete the reCAPTCHA to continue."; 10 or more network errors give up with "Too many network
// errors, give up on reCaptcha.". A fake window.mbCaptcha stands in for the provider's script.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { CaptchaError, CaptchaFlow, useCaptcha, type CaptchaApi } from '#client/ui/form/captcha.ts';

interface FakeCaptcha extends CaptchaApi {
  widgetReady: boolean;
  checkboxToken: string;
  callbacks: { callback?: (token: string) => void; 'expired-callback'?: () => void; 'error-callback'?: () => void };
  render: ReturnType<typeof vi.fn<CaptchaApi['render']>>;
  execute: ReturnType<typeof vi.fn<CaptchaApi['execute']>>;
  reset: ReturnType<typeof vi.fn<CaptchaApi['reset']>>;
}

function fakeCaptcha(overrides: Partial<Pick<FakeCaptcha, 'ready' | 'widgetReady' | 'checkboxToken'>> = {}): FakeCaptcha {
  const fake: FakeCaptcha = {
    ready: true,
    widgetReady: true,
    checkboxToken: 'checkbox-token',
    callbacks: {},
    render: vi.fn<CaptchaApi['render']>((_container, options) => {
      fake.callbacks = options;
      return 7;
    }),
    isReady: (id) => id === 7 && fake.widgetReady,
    getResponse: (id) => (id === 7 ? fake.checkboxToken : ''),
    reset: vi.fn<CaptchaApi['reset']>(),
    execute: vi.fn<CaptchaApi['execute']>(() => Promise.resolve('invisible-token')),
    ...overrides,
  };
  return fake;
}

const INCOMPLETE = 'You must complete the reCAPTCHA to continue.';
const NOT_READY = 'reCaptcha is not in ready state.';
const GAVE_UP = 'Too many network errors, give up on reCaptcha.';

describe('the submit rules (CaptchaFlow)', () => {
  it('lets the first submit through with the ticked checkbox token, without the invisible check', async () => {
    const api = fakeCaptcha();
    await expect(new CaptchaFlow().token(api, 7)).resolves.toBe('checkbox-token');
    expect(api.execute).not.toHaveBeenCalled();
  });

  it('runs the invisible check on every later submit', async () => {
    const api = fakeCaptcha();
    const flow = new CaptchaFlow();
    await flow.token(api, 7);
    await expect(flow.token(api, 7)).resolves.toBe('invisible-token');
    await expect(flow.token(api, 7)).resolves.toBe('invisible-token');
    expect(api.execute).toHaveBeenCalledTimes(2);
  });

  it('refuses a first submit without a ticked checkbox with the spec message', async () => {
    const api = fakeCaptcha({ checkboxToken: '' });
    const flow = new CaptchaFlow();
    await expect(flow.token(api, 7)).rejects.toEqual(new CaptchaError(INCOMPLETE));
    // Still the first submit: ticking the box afterwards lets it through without the invisible check.
    api.checkboxToken = 'late-token';
    await expect(flow.token(api, 7)).resolves.toBe('late-token');
    expect(api.execute).not.toHaveBeenCalled();
  });

  it('says the captcha is not ready when the script or the widget is not up', async () => {
    const flow = new CaptchaFlow();
    await expect(flow.token(undefined, null)).rejects.toThrow(NOT_READY);
    await expect(flow.token(fakeCaptcha({ ready: false }), 7)).rejects.toThrow(NOT_READY);
    await expect(flow.token(fakeCaptcha({ widgetReady: false }), 7)).rejects.toThrow(NOT_READY);
  });

  it('resets the check after a failed submit', async () => {
    const api = fakeCaptcha();
    const flow = new CaptchaFlow();
    await flow.token(api, 7);
    flow.failed(api, 7);
    expect(api.reset).toHaveBeenCalledWith(7);
  });

  it('gives up after 10 network errors of the invisible check, and stays given up', async () => {
    const api = fakeCaptcha();
    const flow = new CaptchaFlow();
    await flow.token(api, 7);
    api.execute.mockRejectedValue(new Error('network'));
    for (let i = 1; i < 10; i += 1) await expect(flow.token(api, 7)).rejects.toThrow(NOT_READY);
    expect(flow.gaveUp).toBe(false);
    await expect(flow.token(api, 7)).rejects.toThrow(GAVE_UP);
    expect(flow.gaveUp).toBe(true);
    // Even a healthy provider is not asked again.
    api.execute.mockResolvedValue('invisible-token');
    api.execute.mockClear();
    await expect(flow.token(api, 7)).rejects.toThrow(GAVE_UP);
    expect(api.execute).not.toHaveBeenCalled();
  });
});

describe('the captcha in a form (useCaptcha)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    delete window.mbCaptcha;
  });

  function mount() {
    const hook = renderHook(() => useCaptcha('http://localhost:3001'));
    const container = document.createElement('div');
    document.body.appendChild(container);
    act(() => hook.result.current.containerRef(container));
    return { hook, container };
  }

  const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('polls readiness every 500 ms: renders the widget on a poll and is ready once the widget is', async () => {
    const api = fakeCaptcha({ widgetReady: false });
    window.mbCaptcha = api;
    const { hook, container } = mount();
    await tick(499);
    expect(api.render).not.toHaveBeenCalled();
    await tick(1);
    expect(api.render).toHaveBeenCalledTimes(1);
    expect(api.render.mock.calls[0]?.[0]).toBe(container);
    expect(hook.result.current.ready).toBe(false);
    api.widgetReady = true;
    await tick(499);
    expect(hook.result.current.ready).toBe(false);
    await tick(1);
    expect(hook.result.current.ready).toBe(true);
    expect(api.render).toHaveBeenCalledTimes(1);
  });

  it('is complete once the checkbox is ticked, and a first submit hands over its token', async () => {
    const api = fakeCaptcha();
    window.mbCaptcha = api;
    const { hook } = mount();
    await tick(500);
    expect(hook.result.current.complete).toBe(false);
    act(() => api.callbacks.callback?.('checkbox-token'));
    expect(hook.result.current.complete).toBe(true);
    let token = '';
    await act(async () => {
      token = await hook.result.current.getToken();
    });
    expect(token).toBe('checkbox-token');
    expect(api.execute).not.toHaveBeenCalled();
  });

  it('after a failed submit resets the widget and runs the invisible check next', async () => {
    const api = fakeCaptcha();
    window.mbCaptcha = api;
    const { hook } = mount();
    await tick(500);
    act(() => api.callbacks.callback?.('checkbox-token'));
    await act(() => hook.result.current.getToken());
    act(() => hook.result.current.failed());
    expect(api.reset).toHaveBeenCalledWith(7);
    // The next submit may go (the invisible check runs), so the form stays submittable.
    expect(hook.result.current.complete).toBe(true);
    let token = '';
    await act(async () => {
      token = await hook.result.current.getToken();
    });
    expect(token).toBe('invisible-token');
    expect(api.execute).toHaveBeenCalledTimes(1);
  });

  it('gives up after 10 network errors the widget reports once it is ready (the poll has stopped)', async () => {
    const api = fakeCaptcha();
    window.mbCaptcha = api;
    const { hook } = mount();
    await tick(500);
    expect(hook.result.current.ready).toBe(true);
    act(() => {
      for (let i = 0; i < 9; i += 1) api.callbacks['error-callback']?.();
    });
    expect(hook.result.current.gaveUp).toBe(false);
    // No timer runs any more: the tenth error alone must flip the state the form shows.
    act(() => api.callbacks['error-callback']?.());
    expect(hook.result.current.gaveUp).toBe(true);
    await expect(hook.result.current.getToken()).rejects.toThrow(GAVE_UP);
  });

  it('counts a failed invisible check once, so it takes 10 failed checks to give up', async () => {
    const api = fakeCaptcha();
    api.execute.mockImplementation(() => Promise.reject(new Error('network')));
    window.mbCaptcha = api;
    const { hook } = mount();
    await tick(500);
    act(() => api.callbacks.callback?.('checkbox-token'));
    await act(() => hook.result.current.getToken());
    for (let i = 0; i < 9; i += 1) {
      await act(() => expect(hook.result.current.getToken()).rejects.toThrow(NOT_READY));
    }
    expect(hook.result.current.gaveUp).toBe(false);
    await act(() => expect(hook.result.current.getToken()).rejects.toThrow(GAVE_UP));
    expect(hook.result.current.gaveUp).toBe(true);
  });
});
