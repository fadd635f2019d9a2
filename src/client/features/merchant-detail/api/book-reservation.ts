// POST /api/Reservations: books a table; refreshes the availability it came from.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reservation, ReservationRequest } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';

/**
 * The account centre's upcoming-reservations query (features/account reads it under this key, in
 * its "account" root so a 401 there signs out like every account call): a booking refreshes it.
 */
export const upcomingReservationsKey = ['account', 'reservations'] as const;

export function bookReservation(request: ReservationRequest): Promise<Reservation> {
  return apiFetch<Reservation>('/api/Reservations', { method: 'POST', json: request });
}

export function useBookReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookReservation,
    onSettled: async (_data, _error, request) => {
      await queryClient.invalidateQueries({ queryKey: ['reservationAvailability', request.merchantId, request.date] });
      await queryClient.invalidateQueries({ queryKey: upcomingReservationsKey });
    },
  });
}
