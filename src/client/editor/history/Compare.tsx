// A readable diff between any two versions of an entry, or a version and the draft on screen:
// blocks added, removed and moved, fields, audience and visibility changed (layouts); fields changed
// (every other entry). Versions' fields are read once each (GET .../versions/{version}).
import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CmsContentName } from '#shared/cms.ts';
import type { BlockCondition, CmsEditorVersion } from '#shared/generated/types.ts';
import { useT } from '../copy.tsx';
import { versionQuery } from '../api/entries.ts';
import { whenSummary } from '../layout/model.ts';
import { BLOCKS } from '../schemas.ts';
import { diffEntries, diffLayouts, pathLabel, valueLabel, type Change } from './diff.ts';
import styles from '../Editor.module.css';

const DRAFT = 'draft';

interface Props {
  group: CmsContentName;
  slug: string;
  versions: readonly CmsEditorVersion[];
  /** The fields on screen (unsaved edits included). */
  draft: Record<string, unknown>;
  layout: boolean;
}

export function Compare({ group, slug, versions, draft, layout }: Props) {
  const t = useT();
  const id = useId();
  const newest = versions[0]?.version ?? null;
  const [from, setFrom] = useState<string>(() => (newest === null ? DRAFT : String(newest)));
  const [to, setTo] = useState<string>(DRAFT);
  const fromVersion = useVersionFields(group, slug, from);
  const toVersion = useVersionFields(group, slug, to);
  const before = from === DRAFT ? draft : fromVersion.data;
  const after = to === DRAFT ? draft : toVersion.data;
  const changes = useMemo(
    () => (before && after ? (layout ? diffLayouts(before, after) : diffEntries(before, after)) : null),
    [before, after, layout],
  );
  const options = (
    <>
      <option value={DRAFT}>{t('editor.compare.draft')}</option>
      {versions.map((v) => (
        <option key={v.version} value={String(v.version)}>
          {t('editor.history.version', { version: v.version })}
        </option>
      ))}
    </>
  );
  return (
    <section className={styles.compare} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.compareTitle}>
        {t('editor.compare.title')}
      </h2>
      <div className={styles.compareSelects}>
        <label htmlFor={`${id}-from`}>{t('editor.compare.from')}</label>
        <select id={`${id}-from`} value={from} onChange={(e) => setFrom(e.target.value)}>
          {options}
        </select>
        <label htmlFor={`${id}-to`}>{t('editor.compare.to')}</label>
        <select id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value)}>
          {options}
        </select>
      </div>
      {fromVersion.isError || toVersion.isError ? (
        <p className={styles.muted}>{t('editor.loadFailed')}</p>
      ) : changes === null ? (
        <p className={styles.muted}>{t('editor.loading')}</p>
      ) : changes.length === 0 ? (
        <p className={styles.muted}>{t('editor.compare.same')}</p>
      ) : (
        <ul className={styles.changes} aria-label={t('editor.compare.changes', { count: changes.length })}>
          {changes.map((change, i) => (
            <li key={i} className={styles[`change-${change.kind}`]}>
              <ChangeLine change={change} layoutBlocks={layout} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function useVersionFields(group: CmsContentName, slug: string, choice: string) {
  const version = choice === DRAFT ? null : Number(choice);
  const query = useQuery({ ...versionQuery(group, slug, version ?? 0), enabled: version !== null });
  return { data: query.data?.fields, isError: query.isError };
}

export function ChangeLine({ change, layoutBlocks }: { change: Change; layoutBlocks: boolean }) {
  const t = useT();
  const empty = t('editor.compare.empty');
  const name = (type: string | null, id: string | null) =>
    id === null || type === null ? '' : `${BLOCKS.get(type)?.title ?? type} (${id})`;
  switch (change.kind) {
    case 'added':
    case 'removed':
    case 'hidden':
    case 'shown':
      return <>{t(`editor.compare.${change.kind}`, { name: name(change.type, change.id) })}</>;
    case 'moved':
      return <>{t('editor.compare.moved', { name: name(change.type, change.id), from: change.from, to: change.to })}</>;
    case 'audience':
      return (
        <>
          {t('editor.compare.audience', {
            name: name(change.type, change.id),
            before: whenSummary(change.before as BlockCondition | undefined, t),
            after: whenSummary(change.after as BlockCondition | undefined, t),
          })}
        </>
      );
    case 'field': {
      const where = [layoutBlocks && change.id !== null ? name(change.type, change.id) : '', pathLabel(change.path)]
        .filter(Boolean)
        .join(' › ');
      return (
        <>
          <strong>{where || t('editor.problems.entry')}</strong>: {valueLabel(change.before, empty)} → {valueLabel(change.after, empty)}
        </>
      );
    }
  }
}
