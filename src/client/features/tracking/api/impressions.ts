// POST /api/Impressions (spec 000 §3, §7): records carry channel web, an ISO dateTime and the
// user agent plus the caller's fields. Impressions are best effort: failures are swallowed, and a
// placeholder CSRF token means the batch is dropped quietly rather than toasting an error.
import { csrfReady } from '#client/api/csrf.ts';
import { apiFetch, isPlaceholderCsrf } from '#client/api/http.ts';

export type ImpressionFields = Record<string, string | number | boolean | null>;

export function impressionRecord(fields: ImpressionFields, now: Date = new Date()): ImpressionFields {
  return { ...fields, channel: 'web', dateTime: now.toISOString(), userAgent: navigator.userAgent.slice(0, 500) };
}

export async function postImpressions(records: ImpressionFields[]): Promise<void> {
  if (records.length === 0) return;
  try {
    const token = await csrfReady();
    if (isPlaceholderCsrf(token)) return;
    for (let i = 0; i < records.length; i += 50) {
      await apiFetch('/api/Impressions', {
        method: 'POST',
        json: records.slice(i, i + 50).map((fields) => impressionRecord(fields)),
        // Impressions are fired on the way out of a page too.
        keepalive: true,
        headers: { 'X-Impression-Source': 'web' },
      });
    }
  } catch {
    // Spec 000 §8: impression failure is swallowed.
  }
}
