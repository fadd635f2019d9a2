// The captcha checkbox inside its iframe on the providers origin. A click fetches a checkbox token
// from this origin; "execute" from the parent page fetches an invisible-check token. Tokens go to
// the parent with its exact origin as target and expire after 2 minutes.
import { isAllowedAppOrigin } from '#shared/origins.ts';

const params = new URLSearchParams(location.search);
const parentOrigin = params.get('parent') ?? '';
const id = Number(params.get('id'));
const box = document.getElementById('captcha-box') as HTMLButtonElement;
const status = document.getElementById('captcha-status') as HTMLElement;
const TOKEN_MS = 2 * 60 * 1000;
let expiry: number | undefined;

function post(message: Record<string, unknown>): void {
  if (!isAllowedAppOrigin(parentOrigin) || window.parent === window) return;
  window.parent.postMessage({ source: 'mb-captcha', id, ...message }, parentOrigin);
}

async function fetchToken(via: 'checkbox' | 'invisible'): Promise<string | null> {
  try {
    const response = await fetch(`/captcha/${via === 'checkbox' ? 'solve' : 'execute'}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ site: parentOrigin }),
      credentials: 'omit',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { token?: string };
    return body.token ?? null;
  } catch {
    return null;
  }
}

function setChecked(checked: boolean): void {
  box.setAttribute('aria-checked', checked ? 'true' : 'false');
  box.disabled = checked;
  status.textContent = checked ? 'Verified' : '';
  window.clearTimeout(expiry);
  if (checked) {
    expiry = window.setTimeout(() => {
      setChecked(false);
      status.textContent = 'Verification expired. Check the box again.';
      post({ type: 'expired' });
    }, TOKEN_MS);
  }
}

async function onBoxClick(): Promise<void> {
  if (box.getAttribute('aria-checked') === 'true') return;
  box.setAttribute('aria-busy', 'true');
  status.textContent = 'Checking…';
  const token = await fetchToken('checkbox');
  box.removeAttribute('aria-busy');
  if (!token) {
    status.textContent = 'Could not reach the check. Try again.';
    post({ type: 'error' });
    return;
  }
  setChecked(true);
  post({ type: 'token', token });
}
box.addEventListener('click', () => void onBoxClick());
// The box arrives disabled and is usable from here on: a click before this script ran would be lost.
box.disabled = false;

async function onParentMessage(event: MessageEvent): Promise<void> {
  if (event.origin !== parentOrigin || event.source !== window.parent) return;
  const data = event.data as { target?: string; type?: string; requestId?: string } | null;
  if (data?.target !== 'mb-captcha') return;
  if (data.type === 'reset') {
    setChecked(false);
    status.textContent = '';
  } else if (data.type === 'execute') {
    const token = await fetchToken('invisible');
    // A failed invisible check is reported once, as the rejected execute() (an empty token); an
    // extra 'error' here would make the page count one network error twice.
    post({ type: 'executed', requestId: data.requestId, token: token ?? '' });
  }
}
window.addEventListener('message', (event: MessageEvent) => void onParentMessage(event));

post({ type: 'ready' });
