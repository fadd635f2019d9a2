// The captcha provider's page script (loaded with <script src> from the providers origin by the
// app page), in the shape of reCAPTCHA's API: window.mbCaptcha.render / getResponse / reset /
// execute. The checkbox lives in an iframe on the providers origin; the invisible check asks that
// iframe for a fresh token. Messages are accepted only from the provider's iframe.
type Options = {
  sitekey?: string;
  callback?: (token: string) => void;
  'expired-callback'?: () => void;
  'error-callback'?: () => void;
};

interface Widget {
  frame: HTMLIFrameElement;
  options: Options;
  token: string;
  ready: boolean;
  pending: Map<string, { resolve: (token: string) => void; reject: (error: Error) => void }>;
}

const script = document.currentScript as HTMLScriptElement | null;
const providerOrigin = script ? new URL(script.src).origin : location.origin;
const widgets = new Map<number, Widget>();
let nextId = 0;
let nextRequest = 0;

window.addEventListener('message', (event: MessageEvent) => {
  if (event.origin !== providerOrigin) return;
  const data = event.data as { source?: string; id?: number; type?: string; token?: string; requestId?: string } | null;
  if (data?.source !== 'mb-captcha' || typeof data.id !== 'number') return;
  const widget = widgets.get(data.id);
  if (!widget || event.source !== widget.frame.contentWindow) return;
  switch (data.type) {
    case 'ready':
      widget.ready = true;
      break;
    case 'token':
      widget.token = data.token ?? '';
      widget.options.callback?.(widget.token);
      break;
    case 'expired':
      widget.token = '';
      widget.options['expired-callback']?.();
      break;
    case 'error':
      widget.options['error-callback']?.();
      break;
    case 'executed': {
      const request = data.requestId ? widget.pending.get(data.requestId) : undefined;
      if (request && data.requestId) {
        widget.pending.delete(data.requestId);
        if (data.token) {
          widget.token = data.token;
          request.resolve(data.token);
        } else {
          request.reject(new Error('network'));
        }
      }
      break;
    }
    case 'resize':
      break;
  }
});

const api = {
  ready: true,
  render(container: HTMLElement, options: Options = {}): number {
    nextId += 1;
    const id = nextId;
    const frame = document.createElement('iframe');
    const url = new URL('/captcha/widget', providerOrigin);
    url.searchParams.set('id', String(id));
    url.searchParams.set('parent', location.origin);
    if (options.sitekey) url.searchParams.set('sitekey', options.sitekey);
    frame.src = url.toString();
    frame.title = 'Security check';
    frame.width = '304';
    frame.height = '78';
    frame.style.border = '0';
    frame.style.maxWidth = '100%';
    frame.setAttribute('scrolling', 'no');
    container.appendChild(frame);
    widgets.set(id, { frame, options, token: '', ready: false, pending: new Map() });
    return id;
  },
  isReady(id: number): boolean {
    return widgets.get(id)?.ready ?? false;
  },
  getResponse(id: number): string {
    return widgets.get(id)?.token ?? '';
  },
  reset(id: number): void {
    const widget = widgets.get(id);
    if (!widget) return;
    widget.token = '';
    widget.frame.contentWindow?.postMessage({ target: 'mb-captcha', type: 'reset' }, providerOrigin);
  },
  /** The invisible check: a fresh token without a click. Rejects on a network error. */
  execute(id: number): Promise<string> {
    const widget = widgets.get(id);
    if (!widget?.frame.contentWindow) return Promise.reject(new Error('not ready'));
    nextRequest += 1;
    const requestId = `r${nextRequest}`;
    return new Promise((resolve, reject) => {
      widget.pending.set(requestId, { resolve, reject });
      widget.frame.contentWindow!.postMessage({ target: 'mb-captcha', type: 'execute', requestId }, providerOrigin);
      setTimeout(() => {
        if (widget.pending.delete(requestId)) reject(new Error('timeout'));
      }, 10_000);
    });
  },
};

(window as unknown as { mbCaptcha: typeof api }).mbCaptcha = api;
