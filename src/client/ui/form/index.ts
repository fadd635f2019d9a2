// Form conventions of spec 000 §5 in one import.
export {
  Asterisk,
  CheckboxField,
  ErrorAlert,
  FieldError,
  Notice,
  PasswordField,
  RequiredNote,
  SubmitButton,
  TextField,
  formStyles,
} from './fields.tsx';
export { cleanValues, genericMessage, schemaResolver, type Copy, type RuleKind, type SchemaResolverOptions } from './resolver.ts';
export { errorSummary } from './summary.ts';
export { CAPTCHA_MAX_NETWORK_ERRORS, CAPTCHA_MESSAGES, CAPTCHA_POLL_MS, CaptchaError, CaptchaFlow, useCaptcha } from './captcha.ts';
export { FormPanel, type FormPanelProps } from './FormPanel.tsx';
export { showServerFieldErrors } from './server-errors.ts';
