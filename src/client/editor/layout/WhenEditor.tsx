// The audience of a block (`when`, schemas/condition.schema.json) as an editor thinks of it:
// checklists of visitor kinds, tiers, enrolment types, this partner's settings and CMS user states;
// in or out of the app; a date window with date pickers; and "except when…" (`not`), one level of
// the same form. Every change is one (path, value) edit, so it is undoable like any field.
import { memo, useId } from 'react';
import type { BlockCondition } from '#shared/generated/types.ts';
import { useT } from '../copy.tsx';
import { usePartner } from '../partner.tsx';
import type { ChangeHandler } from '../form/SchemaForm.tsx';
import { sameProblemsWithin, type ProblemMap } from '../form/problems.ts';
import { useSteadyHandler } from '../form/steady-handler.ts';
import { fieldId } from '../form/schema.ts';
import { flagName } from './availability.ts';
import styles from './LayoutEditor.module.css';

const VISITORS = ['anonymous', 'cardMember', 'nonCardMember', 'closedAccount', 'knownMember'] as const;
const TIERS = [0, 1, 2, 3] as const;
const ENROLMENT = ['direct', 'sso', 'none'] as const;
const USER_STATES = [
  'anonymous',
  'card_member',
  'non_card_member',
  'closed_account',
  'known_member',
  'tier_0',
  'tier_1',
  'tier_2',
  'tier_3',
] as const;

interface Props {
  value: BlockCondition | undefined;
  onChange: ChangeHandler;
  problems: ProblemMap;
  /** JSON pointer of this condition (`/blocks/x/when`, `/blocks/x/when/not`). */
  pointer: string;
  /** The nested "except when" form has no exception of its own. */
  nested?: boolean;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Toggles an item of a list in its canonical order; an empty list is no rule at all. */
function toggled<T>(list: readonly T[] | undefined, item: T, order: readonly T[]): T[] | undefined {
  const current = list ?? [];
  const next = current.includes(item) ? current.filter((x) => x !== item) : order.filter((x) => x === item || current.includes(x));
  return next.length ? next : undefined;
}

function Checklist<T extends string | number>({
  legend,
  options,
  selected,
  label,
  onToggle,
  pointer,
  problems,
}: {
  legend: string;
  options: readonly T[];
  selected: readonly T[] | undefined;
  label: (option: T) => string;
  onToggle: (option: T) => void;
  pointer: string;
  problems: ProblemMap;
}) {
  const id = useId();
  const messages = problems.get(pointer);
  return (
    <fieldset className={styles.whenGroup} id={fieldId(pointer)} tabIndex={-1}>
      <legend>{legend}</legend>
      <div className={styles.whenChoices}>
        {options.map((option) => (
          <span key={String(option)} className={styles.whenChoice}>
            <input id={`${id}-${option}`} type="checkbox" checked={selected?.includes(option) ?? false} onChange={() => onToggle(option)} />
            <label htmlFor={`${id}-${option}`}>{label(option)}</label>
          </span>
        ))}
      </div>
      {messages?.length ? <p className={styles.whenError}>{messages.join('; ')}</p> : null}
    </fieldset>
  );
}

/**
 * Drawn again only when the audience, its problems or where it sits change: typing in the block's
 * other fields leaves its forty-odd checkboxes alone.
 */
export function WhenEditor({ onChange, ...rest }: Props) {
  const steady = useSteadyHandler(onChange);
  return <SteadyWhenEditor {...rest} onChange={steady} />;
}

const SteadyWhenEditor = memo(
  WhenForm,
  (prev, next) =>
    prev.value === next.value &&
    prev.pointer === next.pointer &&
    prev.nested === next.nested &&
    prev.onChange === next.onChange &&
    sameProblemsWithin(prev.problems, next.problems, prev.pointer),
);

function WhenForm({ value, onChange, problems, pointer, nested = false }: Props) {
  const t = useT();
  const partner = usePartner();
  const id = useId();
  const when = value ?? {};
  const flags = when.flags ?? {};
  // This partner's settings, plus any the condition names that the partner does not have.
  const flagNames = [...new Set([...Object.keys(partner.flags), ...Object.keys(flags)])].sort((a, b) =>
    flagName(a, t).localeCompare(flagName(b, t)),
  );
  const setFlags = (next: Record<string, boolean | undefined>) => onChange(['flags'], Object.keys(next).length ? next : undefined);
  const triState = (key: 'nativeApp' | 'pwa') => {
    const current = when[key];
    return (
      <div className={styles.whenField}>
        <label htmlFor={`${id}-${key}`}>{t(`editor.whenForm.${key}`)}</label>
        <select
          id={`${id}-${key}`}
          value={current === undefined ? 'any' : current ? 'yes' : 'no'}
          onChange={(e) => onChange([key], e.target.value === 'any' ? undefined : e.target.value === 'yes')}
        >
          <option value="any">{t('editor.whenForm.any')}</option>
          <option value="yes">{t(`editor.whenForm.${key}.yes`)}</option>
          <option value="no">{t(`editor.whenForm.${key}.no`)}</option>
        </select>
      </div>
    );
  };
  const dateField = (key: 'from' | 'until') => {
    const at = `${pointer}/${key}`;
    const messages = problems.get(at);
    const raw = when[key];
    return (
      <div className={styles.whenField}>
        <label htmlFor={fieldId(at)}>{t(`editor.whenForm.${key}`)}</label>
        <input
          id={fieldId(at)}
          type="date"
          value={raw ? raw.slice(0, 10) : ''}
          aria-invalid={messages?.length ? true : undefined}
          aria-describedby={messages?.length ? `${fieldId(at)}-error` : undefined}
          onChange={(e) => onChange([key], e.target.value || undefined)}
        />
        {messages?.length ? (
          <p id={`${fieldId(at)}-error`} className={styles.whenError}>
            {messages.join('; ')}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className={styles.whenForm}>
      <Checklist
        legend={t('editor.whenForm.visitors')}
        options={VISITORS}
        selected={when.visitor}
        label={(v) => capitalise(t(`editor.visitor.${v}`))}
        onToggle={(v) => onChange(['visitor'], toggled(when.visitor, v, VISITORS))}
        pointer={`${pointer}/visitor`}
        problems={problems}
      />
      <Checklist
        legend={t('editor.whenForm.tiers')}
        options={TIERS}
        selected={when.tier}
        label={(tier) => t('editor.whenForm.tier', { tier })}
        onToggle={(tier) => onChange(['tier'], toggled(when.tier, tier, TIERS))}
        pointer={`${pointer}/tier`}
        problems={problems}
      />
      <Checklist
        legend={t('editor.whenForm.enrolment')}
        options={ENROLMENT}
        selected={when.enrollmentType}
        label={(type) => t(`editor.whenForm.enrolment.${type}`)}
        onToggle={(type) => onChange(['enrollmentType'], toggled(when.enrollmentType, type, ENROLMENT))}
        pointer={`${pointer}/enrollmentType`}
        problems={problems}
      />
      <fieldset className={styles.whenGroup}>
        <legend>{t('editor.whenForm.flags')}</legend>
        <p className={styles.whenHint}>{t('editor.whenForm.flagsHint')}</p>
        <ul className={styles.flagList}>
          {flagNames.map((flag) => {
            const checked = Object.hasOwn(flags, flag);
            const known = Object.hasOwn(partner.flags, flag);
            return (
              <li key={flag} className={styles.flagRow}>
                <span className={styles.whenChoice}>
                  <input
                    id={`${id}-flag-${flag}`}
                    type="checkbox"
                    checked={checked}
                    onChange={() => {
                      const next = { ...flags };
                      if (checked) delete next[flag];
                      else next[flag] = true;
                      setFlags(next);
                    }}
                  />
                  <label htmlFor={`${id}-flag-${flag}`}>
                    {flagName(flag, t)}{' '}
                    <span className={styles.flagNow}>
                      {known ? t(partner.flags[flag] ? 'editor.whenForm.partnerOn' : 'editor.whenForm.partnerOff') : flag}
                    </span>
                  </label>
                </span>
                {checked ? (
                  <select
                    aria-label={t('editor.whenForm.flagMust', { flag: flagName(flag, t) })}
                    value={flags[flag] ? 'on' : 'off'}
                    onChange={(e) => setFlags({ ...flags, [flag]: e.target.value === 'on' })}
                  >
                    <option value="on">{t('editor.whenForm.mustBeOn')}</option>
                    <option value="off">{t('editor.whenForm.mustBeOff')}</option>
                  </select>
                ) : null}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <Checklist
        legend={t('editor.whenForm.userStates')}
        options={USER_STATES}
        selected={when.userStates as (typeof USER_STATES)[number][] | undefined}
        label={(state) => t(`editor.whenForm.state.${state.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`)}
        onToggle={(state) => onChange(['userStates'], toggled(when.userStates, state, USER_STATES as readonly string[]))}
        pointer={`${pointer}/userStates`}
        problems={problems}
      />
      <div className={styles.whenRow}>
        {triState('nativeApp')}
        {triState('pwa')}
      </div>
      <div className={styles.whenRow}>
        {dateField('from')}
        {dateField('until')}
      </div>
      {nested ? null : (
        <div className={styles.whenExcept}>
          <span className={styles.whenChoice}>
            <input
              id={`${id}-not`}
              type="checkbox"
              checked={when.not !== undefined}
              onChange={() => onChange(['not'], when.not === undefined ? { visitor: ['anonymous'] } : undefined)}
            />
            <label htmlFor={`${id}-not`}>{t('editor.whenForm.except')}</label>
          </span>
          {when.not !== undefined ? (
            <div className={styles.whenNested}>
              <WhenEditor
                value={when.not}
                onChange={(path, next) => {
                  // Emptied, the exception is gone (an empty `not` would hide the block from everyone).
                  if (path.length === 1 && next === undefined) {
                    const rest = { ...when.not } as Record<string, unknown>;
                    delete rest[String(path[0])];
                    if (Object.keys(rest).length === 0) return onChange(['not'], undefined);
                  }
                  onChange(['not', ...path], next);
                }}
                problems={problems}
                pointer={`${pointer}/not`}
                nested
              />
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
