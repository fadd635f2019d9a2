// The member session in the browser: sign-in and password recovery forms, expiry warning and sign-out, emulation.
export { SessionEffects, SIGN_OUT_PATH, type SessionEffectsProps } from './SessionEffects.tsx';
export { SignOutPage } from './SignOutPage.tsx';
export { SignInForm } from './SignInForm.tsx';
export { RecoverRequest } from './RecoverRequest.tsx';
export { RecoverConfirm } from './RecoverConfirm.tsx';
export { RecoverUpdate } from './RecoverUpdate.tsx';
export { RecoverSuccess } from './RecoverSuccess.tsx';
export * from './api/sign-in.ts';
export * from './api/sso-start.ts';
export * from './login-redirect.ts';
export * from './api/known-member.ts';
export * from './public-id.ts';
export * from './api/member.ts';
export * from './api/member-changed.ts';
export * from './api/request-recovery.ts';
export * from './api/reset-token.ts';
export * from './api/update-password.ts';
