// @vitest-environment happy-dom
// The server briefly unavailable when the app starts: the member call is retried a couple of times,
// then the app shows the spec's error copy (spec 000 §8 "Server") instead of a spinner for ever or
// a guest's view of the page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { Bootstrap } from '#shared/bootstrap.ts';
import { App, createQueryClient } from '#client/app/App.tsx';
import { cmsContent, cmsPage, fakeFetch, partnerBundle } from '#tests/utils/render.tsx';
import { resetCsrfForTests } from '#client/api/csrf.ts';
import { API_TIMEOUT_MS, apiFetch, HttpError, isTransientError } from '#client/api/http.ts';

const bootstrap: Bootstrap = {
  partner: partnerBundle('metro'),
  cms: cmsContent({
    home: [
      cmsPage('page-layout', {
        version: 1,
        title: 'Welcome home',
        blocks: { h: { type: 'page-heading', props: { title: 'Hello from the CMS' } } },
        order: ['h'],
      }),
    ],
  }),
  preview: false,
  providersOrigin: 'http://localhost:3001',
  production: false,
};

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfForTests();
});

describe('the server unavailable at start', () => {
  it('retries the member call, then shows the error copy instead of the spinner', async () => {
    const api = fakeFetch({
      'GET /api/Member': { status: 503, body: { statusCode: 503, message: 'Menuboard is briefly unavailable.' } },
      'GET /api/CSRF': { body: { csrfToken: 't' } },
    });
    vi.stubGlobal('fetch', api.fetch);
    render(<App bootstrap={bootstrap} queryClient={createQueryClient()} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please refresh the page and try again.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Hello from the CMS' })).toBeNull();
    expect(api.calls.filter((c) => c.url === '/api/Member')).toHaveLength(3);
  }, 15_000);

  it('a member call that is refused for good (500) is not retried', async () => {
    const api = fakeFetch({
      'GET /api/Member': { status: 500, body: { message: 'Internal Server Error' } },
      'GET /api/CSRF': { body: { csrfToken: 't' } },
    });
    vi.stubGlobal('fetch', api.fetch);
    render(<App bootstrap={bootstrap} queryClient={createQueryClient()} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(api.calls.filter((c) => c.url === '/api/Member')).toHaveLength(1);
  });
});

describe('a call that never answers', () => {
  it('fails after API_TIMEOUT_MS as a transient error (retried, then the error copy), instead of spinning for ever', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_input: string, init?: RequestInit) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    let outcome: unknown = 'pending';
    void apiFetch('/api/Member').then(
      (value) => (outcome = value),
      (error: unknown) => (outcome = error),
    );
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(HttpError);
    expect((outcome as HttpError).status).toBe(0);
    expect(isTransientError(outcome)).toBe(true);
  });
});
