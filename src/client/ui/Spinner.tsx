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
      {px > 0 && <span className={styles.spinner} style={{ width: px, height: px }} aria-hidden="true" />}
      <span className={styles.label}>{label}</span>
    </div>
  );
}
