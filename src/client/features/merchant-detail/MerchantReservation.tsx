import { useMerchantDetail } from './api/merchant-detail.ts';
import { useMerchantId } from './useMerchantId.ts';
import { ReservationWidget } from './ReservationWidget.tsx';

export function MerchantReservation({ title }: { title?: string }) {
  const { data } = useMerchantDetail(useMerchantId());
  if (!data) return null;
  return <ReservationWidget detail={data} title={title} />;
}
