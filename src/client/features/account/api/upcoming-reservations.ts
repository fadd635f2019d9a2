// The member's upcoming table bookings (GET /api/Reservations), cancel (DELETE
// /api/Reservations/{confirmation}) and the calendar file's address. Paths not shown in the spec.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpcomingReservation, UpcomingReservations } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';
import { upcomingReservationsKey } from '#client/features/merchant-detail/index.ts';
import { accountMutationMeta } from './unauthorized.ts';

export const fetchUpcomingReservations = (): Promise<UpcomingReservations> => apiFetch<UpcomingReservations>('/api/Reservations');

export const upcomingReservationsQuery = queryOptions({ queryKey: upcomingReservationsKey, queryFn: fetchUpcomingReservations });

export const useUpcomingReservations = () => useQuery(upcomingReservationsQuery);

export const calendarFileUrl = (confirmation: string): string => `/api/Reservations/${encodeURIComponent(confirmation)}/calendar.ics`;

export const cancelReservation = (confirmation: string): Promise<UpcomingReservation> =>
  apiFetch<UpcomingReservation>(`/api/Reservations/${encodeURIComponent(confirmation)}`, { method: 'DELETE' });

export function useCancelReservation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelReservation,
    meta: accountMutationMeta,
    // Refused or not, the list is read again: a refusal means the server knows better (tooClose, gone).
    onSettled: () => client.invalidateQueries({ queryKey: upcomingReservationsKey }),
  });
}
