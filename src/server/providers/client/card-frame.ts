// The secure card-entry frame's script (runs on the providers origin, inside an iframe of the app).
// Checks the number (Luhn, type patterns, the partner's accepted types), encrypts it with the
// server's RSA-OAEP public key via WebCrypto and posts {encryptedCardNumber, lastFour, cardType}
// to the parent page with the exact parent origin as target. Nothing else leaves the frame.
import { checkCardNumber, digitsOnly, parseCardCodes, cardTypeOf } from '#shared/cards.ts';
import { isAllowedAppOrigin } from '#shared/origins.ts';

const params = new URLSearchParams(location.search);
const parentOrigin = params.get('parent') ?? '';
const accepted = parseCardCodes(params.get('types'));
// The page has cards on file to choose instead: a blank number is not an error then.
const optional = params.get('optional') === '1';
const input = document.getElementById('card-number') as HTMLInputElement;
const error = document.getElementById('card-error') as HTMLElement;
const brand = document.getElementById('card-brand') as HTMLElement;

let keyPromise: Promise<CryptoKey> | null = null;
let lastPosted = '';

function post(message: Record<string, unknown>): void {
  // The server refused to render for a foreign parent; this is the second lock.
  if (!isAllowedAppOrigin(parentOrigin) || window.parent === window) return;
  window.parent.postMessage({ source: 'mb-card-frame', ...message }, parentOrigin);
}

function publicKey(): Promise<CryptoKey> {
  keyPromise ??= fetch('/card-frame/key', { credentials: 'omit' })
    .then((r) => {
      if (!r.ok) throw new Error(`key ${r.status}`);
      return r.json() as Promise<JsonWebKey>;
    })
    .then((jwk) =>
      crypto.subtle.importKey('jwk', { kty: jwk.kty, n: jwk.n, e: jwk.e, ext: true }, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
        'encrypt',
      ]),
    );
  keyPromise.catch(() => {
    keyPromise = null;
  });
  return keyPromise;
}

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function format(digits: string): string {
  // Amex groups 4-6-5, every other card 4-4-4-4.
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const out: string[] = [];
  let i = 0;
  for (const size of groups) {
    if (i >= digits.length) break;
    out.push(digits.slice(i, i + size));
    i += size;
  }
  return out.join(' ');
}

function showError(message: string | null): void {
  error.textContent = message ?? '';
  input.setAttribute('aria-invalid', message ? 'true' : 'false');
  document.body.classList.toggle('invalid', !!message);
  resize();
}

function resize(): void {
  post({ type: 'resize', height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
}

async function update(final: boolean): Promise<void> {
  const digits = digitsOnly(input.value).slice(0, 19);
  const type = cardTypeOf(digits);
  brand.dataset.brand = type ?? '';
  brand.textContent = type ? { amex: 'AMEX', visa: 'VISA', mastercard: 'MC', discover: 'DISC' }[type] : '';
  const check = checkCardNumber(digits, accepted);
  if (!check.ok) {
    if (lastPosted !== '') {
      lastPosted = '';
      post({ type: 'clear' });
    }
    // While typing, stay quiet until the number is as long as its kind gets; on blur, say what is wrong.
    const complete = digits.length >= (/^3[47]/.test(digits) ? 15 : 16);
    showError((final || complete) && !(optional && digits === '') ? check.message : null);
    return;
  }
  showError(null);
  if (lastPosted === check.number) return;
  lastPosted = check.number;
  try {
    const key = await publicKey();
    const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(check.number));
    // The number may have changed while encrypting; only the current one is sent.
    if (lastPosted !== check.number) return;
    post({ type: 'card', card: { encryptedCardNumber: toBase64(cipher), lastFour: check.lastFour, cardType: check.cardType } });
  } catch {
    lastPosted = '';
    showError('The secure card form could not be prepared. Please refresh the page and try again.');
    post({ type: 'error' });
  }
}

input.addEventListener('input', () => {
  const digits = digitsOnly(input.value).slice(0, 19);
  const formatted = format(digits);
  if (formatted !== input.value) input.value = formatted;
  void update(false);
});
input.addEventListener('blur', () => void update(true));

window.addEventListener('message', (event: MessageEvent) => {
  // Only the page that embeds us may ask us to reset (after a successful registration).
  if (event.origin !== parentOrigin || event.source !== window.parent) return;
  const data = event.data as { target?: string; type?: string } | null;
  if (data?.target !== 'mb-card-frame') return;
  if (data.type === 'reset') {
    input.value = '';
    lastPosted = '';
    showError(null);
    brand.textContent = '';
  } else if (data.type === 'validate') {
    void update(true);
  }
});

void publicKey().then(
  () => post({ type: 'ready' }),
  () => post({ type: 'error' }),
);
resize();
