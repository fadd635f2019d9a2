// The only file that lists blocks: block type -> definition. `npm run new-block` adds a line.
import type { BlockValidators } from '#shared/page/resolve.ts';
import type { BlockPropsMap } from '#shared/generated/types.ts';
import type { BlockDefinition } from './define-block.ts';
import howItWorks from './how-it-works/index.ts';
import pageHeading from './page-heading/index.ts';
import cmsBanner from './cms-banner/index.ts';
import merchantCarousel from './merchant-carousel/index.ts';
import browseLink from './browse-link/index.ts';
import prospectForm from './prospect-form/index.ts';

import signInForm from './sign-in-form/index.ts';
import joinForm from './join-form/index.ts';
import addCardForm from './add-card-form/index.ts';
import cardAdded from './card-added/index.ts';
import activation from './activation/index.ts';
import recoverRequest from './recover-request/index.ts';
import recoverConfirm from './recover-confirm/index.ts';
import recoverUpdate from './recover-update/index.ts';
import recoverSuccess from './recover-success/index.ts';
import fixCredentialsForm from './fix-credentials-form/index.ts';
import reenrollForm from './reenroll-form/index.ts';
import merchantHeader from './merchant-header/index.ts';
import accountLinkedCards from './account-linked-cards/index.ts';
import merchantOffers from './merchant-offers/index.ts';
import merchantMenu from './merchant-menu/index.ts';
import merchantReviews from './merchant-reviews/index.ts';
import merchantEvents from './merchant-events/index.ts';
import merchantReservation from './merchant-reservation/index.ts';
import merchantOrdering from './merchant-ordering/index.ts';
import merchantOrderPage from './merchant-order-page/index.ts';
import earnOverview from './earn-overview/index.ts';
import earnDetail from './earn-detail/index.ts';
import howItWorksGuide from './how-it-works-guide/index.ts';
import cmsPage from './cms-page/index.ts';
import searchForm from './search-form/index.ts';
import searchFilters from './search-filters/index.ts';
import searchResults from './search-results/index.ts';
import searchMap from './search-map/index.ts';
import searchSidebar from './search-sidebar/index.ts';
import accountOverview from './account-overview/index.ts';
import accountActivity from './account-activity/index.ts';
import accountProfile from './account-profile/index.ts';
const definitions = {
  'how-it-works': howItWorks,
  'page-heading': pageHeading,
  'cms-banner': cmsBanner,
  'merchant-carousel': merchantCarousel,
  'browse-link': browseLink,
  'prospect-form': prospectForm,
  'sign-in-form': signInForm,
  'join-form': joinForm,
  'add-card-form': addCardForm,
  'card-added': cardAdded,
  activation: activation,
  'recover-request': recoverRequest,
  'recover-confirm': recoverConfirm,
  'recover-update': recoverUpdate,
  'recover-success': recoverSuccess,
  'fix-credentials-form': fixCredentialsForm,
  'reenroll-form': reenrollForm,
  'merchant-header': merchantHeader,
  'merchant-offers': merchantOffers,
  'merchant-menu': merchantMenu,
  'merchant-reviews': merchantReviews,
  'merchant-events': merchantEvents,
  'merchant-reservation': merchantReservation,
  'merchant-ordering': merchantOrdering,
  'merchant-order-page': merchantOrderPage,
  'earn-overview': earnOverview,
  'earn-detail': earnDetail,
  'how-it-works-guide': howItWorksGuide,
  'cms-page': cmsPage,
  'search-form': searchForm,
  'search-filters': searchFilters,
  'search-results': searchResults,
  'search-map': searchMap,
  'search-sidebar': searchSidebar,
  'account-linked-cards': accountLinkedCards,
  'account-overview': accountOverview,
  'account-activity': accountActivity,
  'account-profile': accountProfile,
} as const;

export type { BlockPropsMap };
export type BlockType = keyof BlockPropsMap;

/**
 * Each type with the definition of exactly its props (generated from the props schemas), so a lookup
 * by a resolved block's type pairs the component with those props. A block registered here without
 * a props schema, or a schema without a block, fails to type-check.
 */
export const blocks: { readonly [Type in BlockType]: BlockDefinition<BlockPropsMap[Type]> } = definitions;

// Object.fromEntries forgets which validator belongs to which type; `blocks` above guarantees it.
export const blockValidators = Object.fromEntries(
  Object.entries(blocks).map(([type, definition]) => [type, definition.validate]),
) as unknown as BlockValidators<BlockPropsMap>;
