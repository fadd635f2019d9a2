import { defineBlock } from '../define-block.ts';
import type { SearchMapProps } from '#shared/generated/types.ts';

// The search page's widgets load in their own chunk (Leaflet in a further one, only with a map).
export default defineBlock<SearchMapProps>({
  load: () => import('./lazy.ts'),
});
