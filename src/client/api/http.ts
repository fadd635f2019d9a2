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

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
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
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    method,
    headers: allHeaders,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!response.ok) throw new HttpError(response.status, response.statusText, body);
  return body as T;
}
