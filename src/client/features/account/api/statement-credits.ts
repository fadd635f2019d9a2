// GET /api/Member/TransactionsStatementCredits?pageNo=&resultsPerPage= (spec 001 §7): credit
// partners' activity, transactions and statement credits in one list.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityPage } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';
import { ACCOUNT_QUERY_ROOT } from '../rules.ts';
import { DEFAULT_RESULTS_PER_PAGE, pagingQuery } from './paging.ts';

export const fetchStatementCreditActivity = (pageNo: number, resultsPerPage = DEFAULT_RESULTS_PER_PAGE): Promise<ActivityPage> =>
  apiFetch<ActivityPage>(`/api/Member/TransactionsStatementCredits${pagingQuery(pageNo, resultsPerPage)}`);

export const statementCreditActivityQuery = (pageNo: number, resultsPerPage = DEFAULT_RESULTS_PER_PAGE) =>
  queryOptions({
    queryKey: [ACCOUNT_QUERY_ROOT, 'statement-credit-activity', pageNo, resultsPerPage],
    queryFn: () => fetchStatementCreditActivity(pageNo, resultsPerPage),
    placeholderData: keepPreviousData,
  });

export const useStatementCreditActivity = (pageNo: number, enabled = true) =>
  useQuery({ ...statementCreditActivityQuery(pageNo), enabled });
