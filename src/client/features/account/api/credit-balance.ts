// GET /api/Member/StatementCreditBalance (spec 001 §7): a credit partner's unpaid balance.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditBalance } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';
import { ACCOUNT_QUERY_ROOT } from '../rules.ts';

export const fetchCreditBalance = (): Promise<CreditBalance> => apiFetch<CreditBalance>('/api/Member/StatementCreditBalance');

export const creditBalanceQuery = queryOptions({ queryKey: [ACCOUNT_QUERY_ROOT, 'credit-balance'], queryFn: fetchCreditBalance });

export const useCreditBalance = (enabled = true) => useQuery({ ...creditBalanceQuery, enabled });
