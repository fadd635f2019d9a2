import styles from './Spinner.module.css';

/** Spec 000 §9 spinner sizes in px. */
export const SPINNER_SIZES = { none: 0, xs: 10, sm: 20, md: 40, lg: 60, xl: 80, xxl: 100 } as const;

export function Spinner({
  size = 'md',
  label = 'Do not refresh, loading more content.',
}: {
  size?: keyof typeof SPINNER_SIZES;
  label?: string;
}) {
  const px = SPINNER_SIZES[size];
  return (
    <div className={styles.wrap} role="status" aria-live="polite">
      {/* Sized by class, not a style attribute: the CSP refuses style attributes in server-rendered HTML. */}
      {px > 0 && <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />}
      <span className={styles.label}>{label}</span>
    </div>
  );
}
