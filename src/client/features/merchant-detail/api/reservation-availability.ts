// GET /api/Reservations/Availability: bookable times near the one asked for, or why there are none.
import { queryOptions } from '@tanstack/react-query';
import type { ReservationAvailability, ReservationAvailabilityQuery } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';

export function fetchAvailability(query: ReservationAvailabilityQuery): Promise<ReservationAvailability> {
  const params = new URLSearchParams({
    merchantId: query.merchantId,
    date: query.date,
    time: query.time,
    partySize: String(query.partySize),
  });
  return apiFetch<ReservationAvailability>(`/api/Reservations/Availability?${params}`);
}

export function availabilityQuery(query: ReservationAvailabilityQuery) {
  return queryOptions({
    queryKey: ['reservationAvailability', query.merchantId, query.date, query.time, query.partySize] as const,
    queryFn: () => fetchAvailability(query),
    staleTime: 30_000,
    retry: false,
  });
}
