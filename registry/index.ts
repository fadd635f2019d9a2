// The only file that lists blocks: block type -> definition. `npm run new-block` adds a line.
import type { BlockValidators } from '#shared/page/resolve.ts';
import type { BlockPropsMap } from '#shared/generated/types.ts';
import type { ValidateFn } from '#shared/generated/validators.js';
import type { BlockCode, BlockDefinition } from './define-block.ts';
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

type LoadedCode = { [Type in BlockType]?: BlockCode<BlockPropsMap[Type]> };

/** The code of every type that is here: first-route blocks from the start, the others once loaded. */
const loaded: LoadedCode = {};
/** The validators of `loaded`, the map resolvePage takes (a type absent here is an unknown type to it). */
const validators: Record<string, ValidateFn<unknown>> = {};
const loading = new Map<string, Promise<void>>();

function settle<Type extends BlockType>(type: Type, code: BlockCode<BlockPropsMap[Type]>): void {
  (loaded as Record<Type, BlockCode<BlockPropsMap[Type]>>)[type] = code;
  validators[type] = code.validate;
}

/**
 * A block whose chunk did not load (network, a deploy replaced it) is left to its error boundary, as
 * a lazy component's failure always was: it renders by throwing the load error, so members lose
 * that block only (reported as `render failed: ...`) and an editor sees its placeholder.
 */
function unavailable<Props>(error: unknown): BlockCode<Props> {
  const failure = error instanceof Error ? error : new Error(String(error));
  return {
    validate: ((_data: unknown) => true) as ValidateFn<Props>,
    component: () => {
      throw failure;
    },
  };
}

/** Starts loading a lazy type's code (once); the promise never rejects. */
function start<Type extends BlockType>(type: Type, load: () => Promise<BlockCode<BlockPropsMap[Type]>>): Promise<void> {
  let promise = loading.get(type);
  if (!promise) {
    promise = load().then(
      (code) => settle(type, code),
      (error: unknown) => settle(type, unavailable<BlockPropsMap[Type]>(error)),
    );
    loading.set(type, promise);
  }
  return promise;
}

/** First-route blocks: their code is in the entry chunk, here from the start. */
function settleEager<Type extends BlockType>(type: Type): void {
  const definition: BlockDefinition<BlockPropsMap[Type]> = blocks[type];
  if (!definition.load) settle(type, definition);
}
for (const type of Object.keys(blocks) as BlockType[]) settleEager(type);

function startLazy<Type extends BlockType>(type: Type): Promise<void> | null {
  const definition: BlockDefinition<BlockPropsMap[Type]> = blocks[type];
  return definition.load ? start(type, definition.load) : null;
}

function isBlockType(type: string): type is BlockType {
  return Object.hasOwn(blocks, type);
}

/**
 * Starts loading the code of these block types (validator and component, one chunk each) that is
 * not here yet. Null when all of it is here (unknown types are the resolver's to report), else a
 * promise that settles when one of them is (the same promise on every call while it loads, so a
 * component can suspend on it with `use`), never rejecting.
 */
export function loadBlockCode(types: Iterable<string>): Promise<void> | null {
  let pending: Promise<void> | null = null;
  for (const type of types) {
    if (!isBlockType(type) || loaded[type]) continue;
    const promise = startLazy(type);
    pending ??= promise;
  }
  return pending;
}

/** Resolves once the code of all these types is here (every type's when none are given): for tests and tools. */
export async function whenBlockCodeLoaded(types: Iterable<string> = Object.keys(blocks)): Promise<void> {
  const list = [...types];
  for (let pending = loadBlockCode(list); pending; pending = loadBlockCode(list)) await pending;
}

/** The code of a type that is here (every type a resolved page has, since the page loads them first). */
export function blockCode<Type extends BlockType>(type: Type): BlockCode<BlockPropsMap[Type]> {
  const code = loaded[type];
  if (!code) throw new Error(`block type "${type}" is not loaded (loadBlockCode first)`);
  return code as BlockCode<BlockPropsMap[Type]>;
}

/**
 * The props validators of the types loaded so far, for resolvePage: a layout's types must be loaded
 * first (loadBlockCode), or the resolver reports them as unknown. The object fills in as chunks load.
 */
export const blockValidators = validators as unknown as BlockValidators<BlockPropsMap>;
