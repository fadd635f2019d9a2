import type { PageHeadingProps } from '#shared/generated/types.ts';
import { CopyText } from '#client/ui/CopyText.tsx';
import styles from './PageHeading.module.css';

export function PageHeading({ title, text }: PageHeadingProps) {
  return (
    <header className={styles.heading}>
      <div className="container">
        <h1 className={styles.title}>{title}</h1>
        {text && (
          <p className={styles.text}>
            <CopyText text={text} />
          </p>
        )}
      </div>
    </header>
  );
}
