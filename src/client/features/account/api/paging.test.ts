// Spec 001 §7: the activity calls send pageNo and resultsPerPage only when greater than 0.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RESULTS_PER_PAGE, pagingQuery } from './paging.ts';

describe('activity paging parameters', () => {
  it('sends each only when greater than 0, 10 a page by default', () => {
    expect(DEFAULT_RESULTS_PER_PAGE).toBe(10);
    expect(pagingQuery(2, 10)).toBe('?pageNo=2&resultsPerPage=10');
    expect(pagingQuery(0, 10)).toBe('?resultsPerPage=10');
    expect(pagingQuery(3, 0)).toBe('?pageNo=3');
    expect(pagingQuery(0, 0)).toBe('');
    expect(pagingQuery(-1, -5)).toBe('');
  });
});
