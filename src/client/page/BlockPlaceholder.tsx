import { formatProblem, type Problem } from '#shared/validation.ts';
import styles from './page.module.css';

/** What an editor sees in preview where a block could not render. */
export function BlockPlaceholder({ id, type, problems }: { id: string; type: string; problems: Problem[] }) {
  return (
    <section className={styles.placeholder} role="note" aria-label={`Block "${id}" (${type}) could not be shown`}>
      <p className={styles.placeholderTitle}>
        Block “{id}” ({type}) could not be shown
      </p>
      <ul>
        {problems.map((p) => (
          <li key={formatProblem(p)}>
            <code>{formatProblem(p)}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
