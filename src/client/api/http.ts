// Same-origin JSON calls. Writes carry X-XSRF-TOKEN (spec 000 §7).
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(statusText || `HTTP ${status}`);
  }
}

let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getCsrfToken(): string | null {
  return csrfToken;
}

/** Prefix of the stand-in token stored when GET /api/CSRF kept failing (spec 000 §4). */
export const CSRF_PLACEHOLDER_PREFIX = 'csrf-unavailable-';

export function isPlaceholderCsrf(token: string | null): boolean {
  return token?.startsWith(CSRF_PLACEHOLDER_PREFIX) === true;
}

/** Thrown instead of sending a write the server would refuse anyway (placeholder token). */
export class CsrfUnavailableError extends Error {
  constructor(readonly token: string) {
    super(`Something went wrong. Please refresh the page and try again. Error Code: ${token}`);
  }
}

let persistCsrf: ((token: string) => void) | null = null;
let refreshCsrf: (() => Promise<string>) | null = null;

/**
 * Set by csrf.ts: how to keep a new token (session storage) and how to fetch a fresh one. The
 * token is bound to the session, so it changes at sign-in and sign-out: the server sends the new
 * one in the X-XSRF-TOKEN response header, and a write refused for a stale token (another tab
 * signed in, a page restored from storage) fetches a fresh one and is sent once more.
 */
export function setCsrfHandlers(handlers: { persist: (token: string) => void; refresh: () => Promise<string> } | null): void {
  persistCsrf = handlers?.persist ?? null;
  refreshCsrf = handlers?.refresh ?? null;
}

/** Takes a rotated token from a response (sign-in, sign-out), if it carries one. */
export function adoptRotatedCsrf(response: Pick<Response, 'headers'>): void {
  const token = response.headers?.get?.('X-XSRF-TOKEN');
  if (!token) return;
  csrfToken = token;
  persistCsrf?.(token);
}

function isCsrfRefusal(status: number, body: unknown): boolean {
  return status === 403 && typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'csrf';
}

let csrfPending: Promise<unknown> | null = null;

/** While the first token is on its way, writes wait for it instead of going out without one. */
export function setCsrfPending(pending: Promise<unknown> | null): void {
  csrfPending = pending;
}

let onCsrfUnavailable: ((error: CsrfUnavailableError) => void) | null = null;

/** The app shows the spec 000 §5 message as an error toast; set once by the app layer. */
export function setCsrfUnavailableHandler(handler: ((error: CsrfUnavailableError) => void) | null): void {
  onCsrfUnavailable = handler;
}

/**
 * A call that has not answered after this long fails (status 0) instead of leaving a spinner up
 * for ever; a caller passing its own `signal` decides for itself.
 */
export const API_TIMEOUT_MS = 20_000;

/** Worth another try: the server said it is briefly unavailable, or the call never got an answer. */
export function isTransientError(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  return send<T>(path, init, false);
}

async function send<T>(path: string, init: RequestInit & { json?: unknown }, isRetry: boolean): Promise<T> {
  const { json, headers, ...rest } = init;
  const method = (rest.method ?? 'GET').toUpperCase();
  const allHeaders = new Headers(headers);
  allHeaders.set('Accept', 'application/json');
  if (json !== undefined) allHeaders.set('Content-Type', 'application/json');
  const write = method !== 'GET' && method !== 'HEAD';
  if (write && !csrfToken && csrfPending) await csrfPending.catch(() => undefined);
  if (write && csrfToken && isPlaceholderCsrf(csrfToken)) {
    const error = new CsrfUnavailableError(csrfToken);
    onCsrfUnavailable?.(error);
    throw error;
  }
  if (write && csrfToken) allHeaders.set('X-XSRF-TOKEN', csrfToken);
  // A timer, not AbortSignal.timeout: the same clock as everything else (and tests can move it).
  const timeout = rest.signal ? null : new AbortController();
  const timer = timeout ? setTimeout(() => timeout.abort(), API_TIMEOUT_MS) : null;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...(timeout ? { signal: timeout.signal } : {}),
      ...rest,
      method,
      headers: allHeaders,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch (error) {
    if (timeout?.signal.aborted) throw new HttpError(0, 'Request timed out', null);
    throw error;
  } finally {
    if (timer) clearTimeout(timer);
  }
  adoptRotatedCsrf(response);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (write && !isRetry && refreshCsrf && isCsrfRefusal(response.status, body)) {
    const fresh = await refreshCsrf().catch(() => null);
    if (fresh) {
      csrfToken = fresh;
      persistCsrf?.(fresh);
      return send<T>(path, init, true);
    }
  }
  if (!response.ok) throw new HttpError(response.status, response.statusText, body);
  return body as T;
}
