export {
  ToastProvider,
  useToast,
  DEFAULT_TOAST_DURATION_MS,
  FORM_STATUS_TOAST_DURATION_MS,
  type ToastApi,
  type ToastKind,
  type ToastOptions,
} from './ToastProvider.tsx';
