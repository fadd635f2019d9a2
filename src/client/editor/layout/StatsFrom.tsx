// Whose views and clicks the outline counts: everyone, or one member state.
import { isMemberState, MEMBER_STATES, type MemberState } from '#shared/member-state.ts';
import { useT } from '../copy.tsx';
import styles from './LayoutEditor.module.css';

export function StatsFrom({ value, onChange }: { value: MemberState | null; onChange: (state: MemberState | null) => void }) {
  const t = useT();
  return (
    <div className={styles.statsFrom}>
      <label htmlFor="stats-from">{t('editor.outline.statsFrom')}</label>
      <select id="stats-from" value={value ?? ''} onChange={(e) => onChange(isMemberState(e.target.value) ? e.target.value : null)}>
        <option value="">{t('editor.outline.statsEveryone')}</option>
        {MEMBER_STATES.map((state) => (
          <option key={state} value={state}>
            {t(`editor.preview.state.${state}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
