// GET /api/Member/Transactions?pageNo=&resultsPerPage= (spec 001 §7): non-credit partners' activity.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionsPage } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';
import { ACCOUNT_QUERY_ROOT } from '../rules.ts';
import { DEFAULT_RESULTS_PER_PAGE, pagingQuery } from './paging.ts';

export const fetchTransactions = (pageNo: number, resultsPerPage = DEFAULT_RESULTS_PER_PAGE): Promise<TransactionsPage> =>
  apiFetch<TransactionsPage>(`/api/Member/Transactions${pagingQuery(pageNo, resultsPerPage)}`);

export const transactionsQuery = (pageNo: number, resultsPerPage = DEFAULT_RESULTS_PER_PAGE) =>
  queryOptions({
    queryKey: [ACCOUNT_QUERY_ROOT, 'transactions', pageNo, resultsPerPage],
    queryFn: () => fetchTransactions(pageNo, resultsPerPage),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (pageNo: number, enabled = true) => useQuery({ ...transactionsQuery(pageNo), enabled });
