// The only file that lists blocks: block type -> definition. `npm run new-block` adds a line.
import type { BlockValidators } from '#shared/page/resolve.ts';
import type { ValidateFn } from '#shared/generated/validators.js';
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
export const blocks = {
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
  'activation': activation,
  'recover-request': recoverRequest,
  'recover-confirm': recoverConfirm,
  'recover-update': recoverUpdate,
  'recover-success': recoverSuccess,
  'fix-credentials-form': fixCredentialsForm,
  'reenroll-form': reenrollForm,
} as const;

export type BlockType = keyof typeof blocks;

export const blockValidators: BlockValidators = Object.fromEntries(
  Object.entries(blocks).map(([type, definition]) => [type, definition.validate as ValidateFn<unknown>]),
);
