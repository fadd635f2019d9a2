export * from './api/activation.ts';
export * from './api/create-prospect.ts';
export * from './api/validate-email.ts';
export * from './prospect-form/ProspectForm.tsx';
export * from './api/fix-credentials.ts';
export { FixCredentialsForm } from './FixCredentialsForm.tsx';
export { JoinForm } from './JoinForm.tsx';
export { Activation } from './Activation.tsx';
export { ReenrollForm } from './ReenrollForm.tsx';
