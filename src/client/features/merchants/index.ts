export * from './api/merchant-search.ts';
export * from './merchant-card/MerchantCard.tsx';
export * from './merchant-card/RatingAndPrice.tsx';
export * from './merchant-card/DeferredUnlockAccessDialog.tsx';
export * from './merchant-card/LockIcon.tsx';
export * from './merchant-card/offers.ts';
export * from './merchant-carousel/MerchantCarousel.tsx';
