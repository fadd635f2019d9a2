// Form conventions of spec 000 §5 in one import.
export { Asterisk, CheckboxField, ErrorAlert, FieldError, Notice, PasswordField, RequiredNote, SubmitButton, TextField, formStyles } from './fields.tsx';
export { cleanValues, fill, genericMessage, schemaResolver, type Copy, type RuleKind, type SchemaResolverOptions } from './resolver.ts';
export { errorSummary } from './summary.ts';
export { CardFrame, type CardFrameHandle } from './CardFrame.tsx';
export { CARD_FRAME_TIMEOUT_MS, cardFrameUrl, createCardFrameListener, readCardFrameMessage, type CardFrameMessage, type EncryptedCard } from './card-frame.ts';
export { CAPTCHA_MAX_NETWORK_ERRORS, CAPTCHA_MESSAGES, CAPTCHA_POLL_MS, CaptchaError, CaptchaFlow, useCaptcha } from './captcha.ts';
export { CardRegistrationForm, cardErrors, cardsToSend, describeCard, partnerCardEntry, type CardSubmitOutcome, type CardToSend } from './CardRegistrationForm.tsx';
export { FormPanel, type FormPanelProps } from './FormPanel.tsx';
