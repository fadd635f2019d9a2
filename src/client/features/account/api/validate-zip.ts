// GET /api/Members/Validate/Zip?zip= (spec 001 §5, §7): the profile's ZIP check.
import { queryOptions } from '@tanstack/react-query';
import type { ZipValidation } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';
import { ACCOUNT_QUERY_ROOT } from '../rules.ts';

export const fetchZipValidation = (zip: string): Promise<ZipValidation> =>
  apiFetch<ZipValidation>(`/api/Members/Validate/Zip?${new URLSearchParams({ zip }).toString()}`);

/** Cached per value ("the last checked value is cached"), never refetched. */
export const zipValidationQuery = (zip: string) =>
  queryOptions({ queryKey: [ACCOUNT_QUERY_ROOT, 'validate-zip', zip], queryFn: () => fetchZipValidation(zip), staleTime: Infinity });
