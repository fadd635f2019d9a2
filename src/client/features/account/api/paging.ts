// Spec 001 §7: pageNo and resultsPerPage are sent only when greater than 0.
export const DEFAULT_RESULTS_PER_PAGE = 10;

export function pagingQuery(pageNo: number, resultsPerPage: number): string {
  const params = new URLSearchParams();
  if (pageNo > 0) params.set('pageNo', String(pageNo));
  if (resultsPerPage > 0) params.set('resultsPerPage', String(resultsPerPage));
  const query = params.toString();
  return query ? `?${query}` : '';
}
