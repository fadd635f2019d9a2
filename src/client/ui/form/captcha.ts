// The captcha in a form (spec 000 §4, §8; 001 §4): the provider's script from the providers origin,
// a checkbox widget, and the submit rules — the first submit uses the ticked checkbox, later ones
// run the invisible check, and a failed submit resets it. Readiness is polled every 500 ms;
// after 10 network errors the captcha gives up.
import { useCallback, useEffect, useRef, useState } from 'react';

export const CAPTCHA_POLL_MS = 500;
export const CAPTCHA_MAX_NETWORK_ERRORS = 10;
export const CAPTCHA_MESSAGES = {
  incomplete: 'You must complete the reCAPTCHA to continue.',
  notReady: 'reCaptcha is not in ready state.',
  gaveUp: 'Too many network errors, give up on reCaptcha.',
} as const;

export interface CaptchaApi {
  ready: boolean;
  render(
    container: HTMLElement,
    options: { sitekey?: string; callback?: (token: string) => void; 'expired-callback'?: () => void; 'error-callback'?: () => void },
  ): number;
  isReady(id: number): boolean;
  getResponse(id: number): string;
  reset(id: number): void;
  execute(id: number): Promise<string>;
}

declare global {
  interface Window {
    mbCaptcha?: CaptchaApi;
  }
}

export class CaptchaError extends Error {}

/**
 * The submit rules as a small state machine, separate from the DOM so they are unit-tested.
 * `api` is whatever window.mbCaptcha is at the time (or undefined when not loaded).
 */
export class CaptchaFlow {
  submits = 0;
  networkErrors = 0;

  get gaveUp(): boolean {
    return this.networkErrors >= CAPTCHA_MAX_NETWORK_ERRORS;
  }

  networkError(): void {
    this.networkErrors += 1;
  }

  /** The token for this submit, or a CaptchaError with the spec's message. */
  async token(api: CaptchaApi | undefined, widget: number | null): Promise<string> {
    if (this.gaveUp) throw new CaptchaError(CAPTCHA_MESSAGES.gaveUp);
    if (!api?.ready || widget === null || !api.isReady(widget)) throw new CaptchaError(CAPTCHA_MESSAGES.notReady);
    if (this.submits === 0) {
      const token = api.getResponse(widget);
      if (!token) throw new CaptchaError(CAPTCHA_MESSAGES.incomplete);
      this.submits += 1;
      return token;
    }
    try {
      const token = await api.execute(widget);
      this.submits += 1;
      return token;
    } catch {
      this.networkError();
      throw new CaptchaError(this.gaveUp ? CAPTCHA_MESSAGES.gaveUp : CAPTCHA_MESSAGES.notReady);
    }
  }

  /** After a failed submit the check starts over (the next submit runs the invisible check). */
  failed(api: CaptchaApi | undefined, widget: number | null): void {
    if (api && widget !== null) api.reset(widget);
  }
}

let scriptPromise: Promise<void> | null = null;

function loadScript(providersOrigin: string): Promise<void> {
  scriptPromise ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL('/captcha/api.js', providersOrigin).toString();
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      scriptPromise = null;
      reject(new Error('network'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

export interface UseCaptcha {
  containerRef: (element: HTMLDivElement | null) => void;
  /** The widget is up (loaded and rendered). */
  ready: boolean;
  /** The checkbox was ticked, or an earlier submit happened (so the invisible check will run). */
  complete: boolean;
  gaveUp: boolean;
  getToken(): Promise<string>;
  failed(): void;
}

export function useCaptcha(providersOrigin: string): UseCaptcha {
  const flow = useRef(new CaptchaFlow());
  const widget = useRef<number | null>(null);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [ready, setReady] = useState(false);
  const [ticked, setTicked] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    if (!container) return;
    let stopped = false;
    let loading = false;
    const poll = window.setInterval(() => {
      if (stopped) return;
      if (flow.current.gaveUp) {
        setGaveUp(true);
        window.clearInterval(poll);
        return;
      }
      const api = window.mbCaptcha;
      if (!api?.ready) {
        if (!loading) {
          loading = true;
          loadScript(providersOrigin).then(
            () => (loading = false),
            () => {
              loading = false;
              flow.current.networkError();
            },
          );
        }
        return;
      }
      if (widget.current === null) {
        widget.current = api.render(container, {
          callback: () => setTicked(true),
          'expired-callback': () => setTicked(false),
          // The widget reports network errors after it is ready too (the poll has stopped by then).
          'error-callback': () => {
            flow.current.networkError();
            setGaveUp(flow.current.gaveUp);
          },
        });
      }
      if (api.isReady(widget.current)) {
        setReady(true);
        window.clearInterval(poll);
      }
    }, CAPTCHA_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(poll);
    };
  }, [container, providersOrigin]);

  const getToken = useCallback(async () => {
    try {
      return await flow.current.token(window.mbCaptcha, widget.current);
    } finally {
      setGaveUp(flow.current.gaveUp);
    }
  }, []);

  const failed = useCallback(() => {
    flow.current.failed(window.mbCaptcha, widget.current);
    setTicked(false);
  }, []);

  return {
    containerRef: setContainer,
    ready,
    complete: ticked || flow.current.submits > 0,
    gaveUp,
    getToken,
    failed,
  };
}
