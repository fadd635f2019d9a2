// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateMerchantCarouselProps } from '#shared/generated/validators.js';
import { problemsFrom } from '#shared/validation.ts';
import { fakeFetch, merchantFixture, renderWithApp, searchResponse } from '#tests/utils/render.tsx';
import { MerchantCarousel, IN_VIEW_THRESHOLD } from './MerchantCarousel.tsx';

/** IntersectionObserver stand-in: tests decide what is in view. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
  show(target: Element, ratio: number) {
    const entry = { target, intersectionRatio: ratio, isIntersecting: ratio > 0 } as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
}

function merchants(n: number) {
  return Array.from({ length: n }, (_, i) => merchantFixture({ id: `m${i + 1}`, name: `Restaurant ${i + 1}` }));
}

beforeEach(() => {
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('merchant-carousel block', () => {
  it('accepts valid props and rejects invalid ones with a pointer', () => {
    expect(validateMerchantCarouselProps({ headline: 'Top rated', query: 'sortBy=rating' })).toBe(true);
    expect(
      validateMerchantCarouselProps({ headline: 'Top rated', query: 'sortBy=rating', viewAllText: 'See all', body: 'Loved by diners' }),
    ).toBe(true);
    expect(validateMerchantCarouselProps({ headline: 'Top rated', query: 7 })).toBe(false);
    expect(problemsFrom('layout', validateMerchantCarouselProps.errors).map((p) => p.pointer)).toContain('/query');
    expect(validateMerchantCarouselProps({ query: 'sortBy=rating' })).toBe(false);
    expect(problemsFrom('layout', validateMerchantCarouselProps.errors)[0]?.message).toMatch(/headline/);
  });

  it('waits for the location, searches with it and renders cards with a View all link', async () => {
    const api = fakeFetch({
      'GET /api/DefaultUserLocation': { body: { latitude: 40.75771, longitude: -73.98574 } },
      'GET /api/v2/Merchants/Search': { body: searchResponse(merchants(3)) },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MerchantCarousel headline="Top rated near you" query="sortBy=rating" />);
    expect(screen.getByRole('status').textContent).toMatch(/loading/i);
    expect(await screen.findByRole('link', { name: 'Restaurant 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Top rated near you' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /View all/ }).getAttribute('href')).toBe('/search?sortBy=rating');
    const search = api.calls.find((call) => call.url.includes('/Merchants/Search'));
    const params = new URL(search!.url, 'http://x').searchParams;
    expect(params.get('sortBy')).toBe('rating');
    expect(params.get('location')).toBe('40.76,-73.99');
    expect(params.get('pageSize')).toBe('15');
  });

  it('disables Previous at the start and Next at the end', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/DefaultUserLocation': { body: { latitude: 40.7577, longitude: -73.9857 } },
        'GET /api/v2/Merchants/Search': { body: searchResponse(merchants(8)) },
      }).fetch,
    );
    renderWithApp(<MerchantCarousel headline="New" query="isNew=true" />);
    await screen.findByRole('link', { name: 'Restaurant 1' });
    const observer = FakeObserver.instances.at(-1)!;
    expect(observer.options.threshold).toBe(IN_VIEW_THRESHOLD);
    const [first, last] = observer.targets;
    observer.show(first!, 1);
    observer.show(last!, 0);
    const prev = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(prev.disabled).toBe(true);
    expect(next.disabled).toBe(false);

    const track = screen.getByRole('list');
    const scrollBy = vi.fn();
    track.scrollBy = scrollBy as typeof track.scrollBy;
    await user.click(next);
    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect((scrollBy.mock.calls[0]![0] as ScrollToOptions).left).toBeGreaterThan(0);

    // Scrolled to the end: the first slide is mostly out of view, the last one in.
    observer.show(first!, 0.5);
    observer.show(last!, 0.9);
    expect(prev.disabled).toBe(false);
    expect(next.disabled).toBe(true);
  });

  it('shows an empty state and an error state with a retry', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v2/Merchants/Search': { body: searchResponse([]) },
      }).fetch,
    );
    renderWithApp(<MerchantCarousel headline="In Chicago" query="location=Chicago" />);
    expect(await screen.findByText('No restaurants to show here right now.')).toBeTruthy();
    cleanup();

    let fail = true;
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v2/Merchants/Search': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: searchResponse(merchants(1)) }),
      }).fetch,
    );
    const user = userEvent.setup();
    renderWithApp(<MerchantCarousel headline="In Chicago" query="location=Chicago" />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/couldn't load/);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Restaurant 1' })).toBeTruthy());
  });
});
