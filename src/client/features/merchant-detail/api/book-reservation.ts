// POST /api/Reservations: books a table; refreshes the availability it came from.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reservation, ReservationRequest } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';

export function bookReservation(request: ReservationRequest): Promise<Reservation> {
  return apiFetch<Reservation>('/api/Reservations', { method: 'POST', json: request });
}

export function useBookReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookReservation,
    onSettled: (_data, _error, request) =>
      queryClient.invalidateQueries({ queryKey: ['reservationAvailability', request.merchantId, request.date] }),
  });
}
