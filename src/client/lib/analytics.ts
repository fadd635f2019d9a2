// Analytics pushes to window.dataLayer (the tag manager's queue). Every event carries the session
// flag (spec 000 §4): 'standalone' when running as the installed app, else 'browser'.
export type SessionKind = 'standalone' | 'browser';

export type AnalyticsEvent = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let sessionKind: SessionKind = 'browser';

export function setAnalyticsSession(kind: SessionKind): void {
  sessionKind = kind;
}

export function analyticsSession(): SessionKind {
  return sessionKind;
}

export function pushEvent(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push({ ...event, session: sessionKind });
}

/** Spec 000 §9: page views fire this long after a navigation. */
export const PAGE_VIEW_DELAY_MS = 500;
