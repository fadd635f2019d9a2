// The problems that block publishing, each naming its field and jumping to it when clicked.
import { useT } from './copy.tsx';
import type { FieldProblem } from './form/problems.ts';
import styles from './Editor.module.css';

export interface NamedProblem extends FieldProblem {
  /** Where, in words: "Welcome banner › Headline". */
  label: string;
  /** Where a jump goes when it is not `pointer` itself: a field of the entry a block shows. */
  target?: { block: string; pointer: string };
}

export function ProblemList({ problems, onJump }: { problems: readonly NamedProblem[]; onJump: (problem: NamedProblem) => void }) {
  const t = useT();
  if (problems.length === 0) return null;
  return (
    <div className={styles.problems} role="alert" aria-labelledby="publish-problems-title">
      <h2 id="publish-problems-title" className={styles.problemsTitle}>
        {t('editor.problems.title', { count: problems.length })}
      </h2>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.pointer}|${problem.message}`}>
            <button type="button" className={styles.problemLink} onClick={() => onJump(problem)}>
              <strong>{problem.label}</strong> {problem.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
