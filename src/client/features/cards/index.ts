export * from './CardFrame.tsx';
export * from './CardRegistrationForm.tsx';
export * from './api/cards.ts';
export * from './card-frame.ts';
