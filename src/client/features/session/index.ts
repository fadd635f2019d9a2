// The member session in the browser: expiry warning and sign-out, emulation.
export { SessionEffects, SIGN_OUT_PATH, type SessionEffectsProps } from './SessionEffects.tsx';
export { SignOutPage } from './SignOutPage.tsx';
export * from './api/auth.ts';
export * from './api/login-redirect.ts';
export * from './api/known-member.ts';
export * from './api/member.ts';
export * from './api/recovery.ts';
