import { defineBlock } from '../define-block.ts';
import type { MerchantCarouselProps } from '#shared/generated/types.ts';
import { lowAccuracyLocationQuery } from '#client/features/location/index.ts';
import { merchantSearchQuery, usesCurrentLocation, MerchantCarousel } from '#client/features/merchants/index.ts';

export default defineBlock<MerchantCarouselProps>({
  loadValidate: () =>
    import('#shared/generated/validators/validateMerchantCarouselProps.js').then((module) => module.validateMerchantCarouselProps),
  component: MerchantCarousel,
  // The location decision comes first (it never fails: it falls back), then the search.
  prefetch: (props, _runtime, queryClient) => {
    const located = usesCurrentLocation(props.query) ? queryClient.fetchQuery(lowAccuracyLocationQuery) : Promise.resolve(null);
    located
      .then((location) => queryClient.prefetchQuery(merchantSearchQuery(props.query, location)))
      .catch(() => {
        // The block's own queries show the error state; a failed warm-up needs no handling.
      });
  },
});
