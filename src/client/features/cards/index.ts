export * from './CardFrame.tsx';
export * from './CardRegistrationForm.tsx';
export * from './api/member-cards.ts';
export * from './api/register-cards.ts';
export * from './api/reenroll.ts';
export * from './registration-success.ts';
export * from './card-frame.ts';
export { AddCardForm } from './AddCardForm.tsx';
export { CardAdded } from './CardAdded.tsx';
