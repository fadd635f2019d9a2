// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateAccountReservationsProps as validate } from '#shared/generated/validators/validateAccountReservationsProps.js';
export { UpcomingReservations as component } from '#client/features/account/index.ts';
