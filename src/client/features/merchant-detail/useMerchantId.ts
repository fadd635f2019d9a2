import { useParams } from 'react-router';

/** The merchant id of the current /merchants/{merchantId} route ('' elsewhere). */
export function useMerchantId(): string {
  return useParams().merchantId ?? '';
}
