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

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const method = (rest.method ?? 'GET').toUpperCase();
  const allHeaders = new Headers(headers);
  allHeaders.set('Accept', 'application/json');
  if (json !== undefined) allHeaders.set('Content-Type', 'application/json');
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) allHeaders.set('X-XSRF-TOKEN', csrfToken);
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
