export * from './api/activation.ts';
export * from './api/prospects-enrol.ts';
export * from './prospect-form/ProspectForm.tsx';
