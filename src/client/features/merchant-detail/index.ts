// Merchant detail (spec 001 §2 "Merchant detail"): the page's widgets, one per registry block.
export { MerchantHeader } from './MerchantHeader.tsx';
export { MerchantOffers } from './MerchantOffers.tsx';
export { MerchantMenu } from './MerchantMenu.tsx';
export { MerchantReviews } from './MerchantReviews.tsx';
export { MerchantEvents } from './MerchantEvents.tsx';
export { merchantDetailQuery, fetchMerchantDetail, useMerchantDetail } from './api/merchant-detail.ts';
export { merchantReviewsQuery, fetchMerchantReviews } from './api/merchant-reviews.ts';
export { MerchantReservation } from './MerchantReservation.tsx';
export { MerchantOrdering, MerchantOrderPage } from './MerchantOrdering.tsx';
export { formatDate, formatTime } from './format.ts';
export { useMerchantId } from './useMerchantId.ts';
export { upcomingReservationsKey } from './api/book-reservation.ts';
