// The content of a block that shows a CMS entry (a banner): which entry, chosen by its name, and
// that entry's own fields, edited here in the page editor. Edits show in the preview at once and
// are saved as the entry's draft (useEntryDrafts).
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LAYOUT_SLUG, type CmsContentName } from '#shared/cms.ts';
import { cmsEntryValidatorName } from '#shared/cms-validator-names.ts';
import { Link } from '#client/ui/Link.tsx';
import { useT } from '../copy.tsx';
import { entryPath } from '../groups.ts';
import { useEntryName } from '../entryName.ts';
import { entryQuery, useEntries } from '../api/entries.ts';
import { NewEntryForm } from '../NewEntryForm.tsx';
import { SchemaForm, type ChangeHandler } from '../form/SchemaForm.tsx';
import { toProblemMap, validateWith } from '../form/problems.ts';
import { fieldId } from '../form/schema.ts';
import { entrySchema } from '../schemas.ts';
import { cachedValidator, useValidators } from '../validators.ts';
import type { Block } from './model.ts';
import { entryDraftKey, entryFields, type EntryDrafts } from './useEntryDrafts.ts';
import styles from './LayoutEditor.module.css';

export interface EntryRef {
  group: CmsContentName;
  slug: string;
}

/** The CMS entry a block shows, if its type shows one: a banner's (home or discover group). */
export function blockEntry(block: Block | undefined, pageGroup: CmsContentName): EntryRef | null {
  if (block?.type !== 'cms-banner') return null;
  const props = (block.props ?? {}) as { slug?: unknown; group?: unknown };
  const group = props.group === 'discover' || props.group === 'home' ? props.group : pageGroup === 'discover' ? 'discover' : 'home';
  return { group, slug: typeof props.slug === 'string' ? props.slug : '' };
}

/** Where an entry's fields are in the page editor (ids and problems), apart from the page's own. */
export const entryPointer = (slug: string) => `/entry/${slug.replace(/[^a-z0-9_-]/gi, '_')}`;

export function EntryPanel({
  target,
  drafts,
  onPick,
}: {
  target: EntryRef;
  drafts: EntryDrafts;
  /** Shows another entry of the group in the block. */
  onPick: (slug: string) => void;
}) {
  const t = useT();
  const nameOf = useEntryName();
  const { group, slug } = target;
  const list = useEntries(group);
  // A new block has no banner yet: nothing to load (and no "no longer exists" for it).
  const entry = useQuery({ ...entryQuery(group, slug), enabled: slug !== '' });
  const draft = drafts.drafts.get(entryDraftKey(group, slug));
  const validatorName = cmsEntryValidatorName(group, slug);
  const validators = useValidators(slug ? [validatorName] : []);
  const schema = entrySchema(group);
  const fields = draft?.fields ?? (entry.data ? entryFields(entry.data) : null);
  const base = entryPointer(slug);
  const problems = useMemo(() => {
    const validate = validators === 'ready' ? cachedValidator(validatorName) : undefined;
    return toProblemMap(validate && fields ? validateWith(validate, fields, base) : []);
  }, [validators, validatorName, fields, base]);
  const choices = (list.data?.entries ?? []).filter((e) => e.slug !== LAYOUT_SLUG);
  const pickId = fieldId(`${base}/which`);
  const onChange: ChangeHandler = (path, value) => {
    if (entry.data) drafts.change({ group, slug, loaded: entry.data }, path, value);
  };
  return (
    <div className={styles.entryPanel}>
      <div className={styles.entryPick}>
        <label htmlFor={pickId}>{t('editor.entryPanel.which')}</label>
        <select id={pickId} value={slug} onChange={(e) => onPick(e.target.value)}>
          {choices.some((c) => c.slug === slug) ? null : <option value={slug}>{slug || t('editor.form.none')}</option>}
          {choices.map((choice) => (
            <option key={choice.slug} value={choice.slug}>
              {nameOf(choice)}
            </option>
          ))}
        </select>
      </div>
      {slug === '' ? <p className={styles.muted}>{t('editor.entryPanel.none')}</p> : null}
      {entry.isError ? <p className={styles.warning}>{t('editor.entryPanel.missing')}</p> : null}
      <NewEntryForm
        group={group}
        openLabel={t('editor.entryPanel.new')}
        nameLabel={t('editor.entryPanel.newName')}
        onCreated={(created) => onPick(created.slug)}
      />
      {entry.data ? (
        <Link className={styles.inlineLink} to={entryPath(group, slug)}>
          {t('editor.entryPanel.open', { name: nameOf({ name: entry.data.name, slug }) })}
        </Link>
      ) : null}
      {draft ? (
        <p className={styles.entryState} role="status">
          {t(`editor.entryPanel.state.${draft.state}`)}
        </p>
      ) : null}
      {schema && fields ? (
        <SchemaForm schema={schema} value={fields} onChange={onChange} problems={problems} basePointer={base} />
      ) : entry.isPending && slug ? (
        <p className={styles.muted}>{t('editor.loading')}</p>
      ) : null}
    </div>
  );
}
