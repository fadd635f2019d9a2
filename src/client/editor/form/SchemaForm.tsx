// A form generated from a JSON Schema: every CMS group and every block's props get their fields
// from their schema, so a new group, block or field needs no editor code. Changes are reported as
// (path, value) pairs (undefined removes the property), so the caller records each edit as one
// immer patch for undo/redo. Problems are shown at the field whose JSON pointer they name.
import { createContext, lazy, memo, Suspense, useContext, useId, useState, type ReactNode } from 'react';
import { useSteadyHandler } from './steady-handler.ts';
import { useT } from '../copy.tsx';
import {
  emptyValue,
  escapeSegment,
  fieldApplies,
  fieldId,
  isHtml,
  isImageSchema,
  isSearchQuery,
  resolve,
  typeOf,
  type JsonSchema,
} from './schema.ts';
import { fieldHelp, fieldLabel, itemLabel, optionLabel, ScopeContext, scopeOf, useScope } from './words.ts';
import { sameProblemsWithin, type ProblemMap } from './problems.ts';
import { URL_KEY } from '#shared/safe-url.ts';
import { HtmlPreview, ImagePreview } from './FieldPreviews.tsx';
import { ImageField } from './ImageField.tsx';
import { LinkPicker } from './LinkPicker.tsx';
import { SearchQueryField } from './SearchQueryField.tsx';
import { LINK_KEY } from '#shared/cms-links.ts';
import styles from './SchemaForm.module.css';

// Tiptap is loaded with the first HTML field shown, not with every form.
const RichTextField = lazy(() => import('./RichTextField.tsx'));

export type Path = ReadonlyArray<string | number>;
export type ChangeHandler = (path: Path, value: unknown) => void;

interface FieldProps {
  schema: JsonSchema;
  root: JsonSchema;
  name: string;
  label: string;
  required: boolean;
  value: unknown;
  path: Path;
  pointer: string;
  problems: ProblemMap;
  onChange: ChangeHandler;
}

export interface SchemaFormProps {
  schema: JsonSchema;
  value: unknown;
  onChange: ChangeHandler;
  problems: ProblemMap;
  /** JSON pointer of the value within what the problems name (`/fields`, `/blocks/x/props`). */
  basePointer: string;
  /** Properties not to show (edited elsewhere). */
  omit?: readonly string[];
}

export function SchemaForm(props: SchemaFormProps) {
  // Callers make a new handler per render; a new one would draw every field again for each letter
  // typed in one of them.
  const onChange = useSteadyHandler(props.onChange);
  return (
    <ScopeContext value={scopeOf(props.schema)}>
      <SchemaFormBody {...props} onChange={onChange} />
    </ScopeContext>
  );
}

function SchemaFormBody({ schema, value, onChange, problems, basePointer, omit = [] }: SchemaFormProps) {
  const { schema: resolved, root } = resolve(schema, schema);
  if (typeOf(resolved) === 'object' && resolved.properties) {
    return (
      <div className={styles.form}>
        <Properties
          schema={resolved}
          root={root}
          value={value}
          path={[]}
          pointer={basePointer}
          problems={problems}
          onChange={onChange}
          omit={omit}
        />
      </div>
    );
  }
  return (
    <div className={styles.form}>
      <Field
        schema={resolved}
        root={root}
        name=""
        label={resolved.title ?? ''}
        required
        value={value}
        path={[]}
        pointer={basePointer}
        problems={problems}
        onChange={onChange}
      />
    </div>
  );
}

function Properties({
  schema,
  root,
  value,
  path,
  pointer,
  problems,
  onChange,
  omit = [],
}: Omit<FieldProps, 'name' | 'label' | 'required'> & { omit?: readonly string[] }) {
  const t = useT();
  const scope = useScope();
  const object = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const required = new Set(schema.required ?? []);
  // The kind of the part these fields belong to: this object's own `type`, or its part's.
  const inherited = useContext(PartTypeContext);
  const partType = typeof object.type === 'string' && schema.properties?.type ? object.type : inherited;
  return (
    <PartTypeContext.Provider value={partType}>
      {Object.entries(schema.properties ?? {})
        .filter(([name, property]) => !omit.includes(name) && fieldApplies(property, inherited, object[name]))
        .map(([name, property]) => (
          <Field
            key={name}
            schema={property}
            root={root}
            name={name}
            label={fieldLabel(t, scope, name)}
            required={required.has(name)}
            value={object[name]}
            path={[...path, name]}
            pointer={`${pointer}/${escapeSegment(name)}`}
            problems={problems}
            onChange={onChange}
          />
        ))}
    </PartTypeContext.Provider>
  );
}

/** The `type` of the part (a banner's heading, button, carousel, ...) whose fields are drawn. */
const PartTypeContext = createContext<string | undefined>(undefined);

function Messages({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p className={styles.error} id={id}>
      {messages.join('; ')}
    </p>
  );
}

/**
 * A field draws again only when its own value, problems or schema change: typing in one field of a
 * block leaves the block's other fields (and their inputs) alone. `path` is a new array each time.
 */
const Field = memo(
  FieldBody,
  (prev, next) =>
    prev.schema === next.schema &&
    prev.root === next.root &&
    prev.name === next.name &&
    prev.label === next.label &&
    prev.required === next.required &&
    Object.is(prev.value, next.value) &&
    prev.pointer === next.pointer &&
    prev.onChange === next.onChange &&
    prev.path.length === next.path.length &&
    prev.path.every((segment, i) => segment === next.path[i]) &&
    sameProblemsWithin(prev.problems, next.problems, prev.pointer),
);

function FieldBody(props: FieldProps) {
  const t = useT();
  const scope = useScope();
  const { schema: raw, root: rawRoot, name, label, required, value, path, pointer, problems, onChange } = props;
  const { schema, root } = resolve(raw, rawRoot);
  if (schema.const !== undefined) return null;
  const id = fieldId(pointer);
  const messages = problems.get(pointer);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const help = fieldHelp(t, scope, name);
  const describedBy = [messages?.length ? errorId : null, help ? hintId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-invalid': messages?.length ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
  } as const;
  const hint = help ? (
    <p className={styles.hint} id={hintId}>
      {help}
    </p>
  ) : null;
  const labelText = (
    <>
      {label}
      {required ? <span className={styles.requiredMark}> *</span> : null}
    </>
  );
  const type = typeOf(schema);

  if (isImageSchema(schema)) {
    return (
      <ImageField
        id={id}
        labelText={labelText}
        hint={hint}
        value={value}
        required={required}
        messages={<Messages id={errorId} messages={messages} />}
        invalid={Boolean(messages?.length)}
        onChange={(next) => onChange(path, next)}
      />
    );
  }

  if (schema.enum) {
    const options = schema.enum;
    const index = options.findIndex((option) => option === value);
    return (
      <div className={styles.field}>
        <label htmlFor={id}>{labelText}</label>
        <select
          {...common}
          className={styles.input}
          value={index === -1 ? '' : String(index)}
          onChange={(e) => onChange(path, e.target.value === '' ? undefined : options[Number(e.target.value)])}
        >
          {required && index !== -1 ? null : <option value="">{t('editor.form.none')}</option>}
          {options.map((option, i) => (
            <option key={String(option)} value={String(i)}>
              {optionLabel(t, scope, name, option)}
            </option>
          ))}
        </select>
        {hint}
        <Messages id={errorId} messages={messages} />
      </div>
    );
  }

  switch (type) {
    case 'string': {
      const text = typeof value === 'string' ? value : '';
      const html = isHtml(schema);
      const long = (schema.maxLength ?? 0) > 500;
      const set = (next: string) => onChange(path, next === '' && !required ? undefined : next);
      // Link and image fields: the server's scheme rule, said before it is broken.
      const link = URL_KEY.test(name);
      const image = link && /image|src/i.test(name);
      // A page link gets the picker; earn_details' url is the slug of its own page, not a link.
      const pageLink = LINK_KEY.test(name) && !image && !(scope === 'earn_details' && name === 'url');
      const linkHintId = `${id}-link`;
      const linkHint = link ? (
        <p className={styles.hint} id={linkHintId}>
          {t(image ? 'editor.form.imageHint' : 'editor.form.linkHint')}
        </p>
      ) : null;
      const linkCommon = link
        ? { ...common, 'aria-describedby': [common['aria-describedby'], linkHintId].filter(Boolean).join(' ') }
        : common;
      if (isSearchQuery(schema)) {
        return (
          <SearchQueryField
            id={id}
            label={label}
            labelText={labelText}
            value={text}
            required={required}
            invalid={Boolean(messages?.length)}
            describedBy={describedBy}
            hint={hint}
            messages={<Messages id={errorId} messages={messages} />}
            onChange={set}
          />
        );
      }
      if (html) {
        const htmlField = (
          <>
            <label htmlFor={id}>{labelText}</label>
            <textarea {...common} className={styles.textarea} rows={8} value={text} onChange={(e) => set(e.target.value)} />
            <HtmlPreview html={text} label={label} />
          </>
        );
        return (
          <div className={styles.field}>
            <Suspense fallback={htmlField}>
              <RichTextField
                id={id}
                label={label}
                labelText={labelText}
                value={text}
                describedBy={common['aria-describedby']}
                invalid={Boolean(messages?.length)}
                required={required}
                onChange={set}
                htmlField={htmlField}
              />
            </Suspense>
            {hint}
            <Messages id={errorId} messages={messages} />
          </div>
        );
      }
      return (
        <div className={styles.field}>
          <label htmlFor={id}>{labelText}</label>
          {long ? (
            <textarea {...common} className={styles.textarea} rows={3} value={text} onChange={(e) => set(e.target.value)} />
          ) : (
            <div className={pageLink ? styles.row : undefined}>
              <input
                {...linkCommon}
                className={styles.input}
                type="text"
                inputMode={link ? 'url' : undefined}
                spellCheck={link ? false : undefined}
                value={text}
                onChange={(e) => set(e.target.value)}
              />
              {pageLink ? <LinkPicker label={label} value={text} onPick={set} /> : null}
            </div>
          )}
          {hint}
          {linkHint}
          <Messages id={errorId} messages={messages} />
          {image && !messages?.length ? <ImagePreview src={text} /> : null}
        </div>
      );
    }
    case 'number':
    case 'integer': {
      return (
        <div className={styles.field}>
          <label htmlFor={id}>{labelText}</label>
          <input
            {...common}
            className={`${styles.input} ${styles.number}`}
            type="number"
            inputMode={type === 'integer' ? 'numeric' : 'decimal'}
            min={schema.minimum}
            max={schema.maximum}
            step={type === 'integer' ? 1 : 'any'}
            value={typeof value === 'number' ? value : ''}
            onChange={(e) => onChange(path, e.target.value === '' ? undefined : Number(e.target.value))}
          />
          {hint}
          <Messages id={errorId} messages={messages} />
        </div>
      );
    }
    case 'boolean':
      return (
        <div className={`${styles.field} ${styles.checkField}`}>
          <input
            {...common}
            className={styles.checkbox}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(path, e.target.checked ? true : required ? false : undefined)}
          />
          <label htmlFor={id}>{labelText}</label>
          {hint}
          <Messages id={errorId} messages={messages} />
        </div>
      );
    case 'array':
      return <ArrayField {...props} schema={schema} root={root} hint={hint} messages={messages} errorId={errorId} labelText={labelText} />;
    case 'object':
      if (schema.properties) {
        return (
          <fieldset className={styles.group} aria-describedby={describedBy}>
            <legend>{labelText}</legend>
            {hint}
            <Messages id={errorId} messages={messages} />
            <Properties schema={schema} root={root} value={value} path={path} pointer={pointer} problems={problems} onChange={onChange} />
          </fieldset>
        );
      }
      if (typeof schema.additionalProperties === 'object' && typeOf(schema.additionalProperties) === 'string') {
        return <MapField {...props} schema={schema} hint={hint} messages={messages} errorId={errorId} labelText={labelText} />;
      }
      return <JsonField {...props} id={id} hint={hint} messages={messages} errorId={errorId} labelText={labelText} common={common} />;
    default:
      if (name === '') return null;
      return <JsonField {...props} id={id} hint={hint} messages={messages} errorId={errorId} labelText={labelText} common={common} />;
  }
}

interface Extra {
  hint: ReactNode;
  messages: readonly string[] | undefined;
  errorId: string;
  labelText: ReactNode;
}

function ArrayField({
  schema,
  root,
  name,
  label,
  value,
  path,
  pointer,
  problems,
  onChange,
  hint,
  messages,
  errorId,
  labelText,
}: FieldProps & Extra) {
  const t = useT();
  const scope = useScope();
  const items = Array.isArray(value) ? value : [];
  const itemSchema = resolve(schema.items ?? {}, root);
  const groupId = useId();
  // A list of choices: one checkbox per allowed value (an enum, or a short range of integers).
  const { minimum, maximum } = itemSchema.schema;
  const range =
    typeOf(itemSchema.schema) === 'integer' && minimum !== undefined && maximum !== undefined && maximum - minimum <= 10
      ? Array.from({ length: maximum - minimum + 1 }, (_, i) => minimum + i)
      : null;
  if (itemSchema.schema.enum || range) {
    const options: unknown[] = itemSchema.schema.enum ?? range ?? [];
    return (
      <fieldset className={styles.group}>
        <legend>{labelText}</legend>
        {hint}
        <div className={styles.choices}>
          {options.map((option) => {
            const checked = items.includes(option);
            const id = `${groupId}-${String(option)}`;
            return (
              <span key={String(option)} className={styles.choice}>
                <input
                  id={id}
                  type="checkbox"
                  className={styles.checkbox}
                  checked={checked}
                  onChange={() => {
                    const next = checked
                      ? items.filter((item) => item !== option)
                      : options.filter((o) => o === option || items.includes(o));
                    onChange(path, next.length ? next : undefined);
                  }}
                />
                <label htmlFor={id}>{optionLabel(t, scope, name, option)}</label>
              </span>
            );
          })}
        </div>
        <Messages id={errorId} messages={messages} />
      </fieldset>
    );
  }
  const full = schema.maxItems !== undefined && items.length >= schema.maxItems;
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    onChange(path, next);
  };
  return (
    <fieldset className={styles.group}>
      <legend>{labelText}</legend>
      {hint}
      <Messages id={errorId} messages={messages} />
      <ol className={styles.list}>
        {items.map((item, i) => {
          const itemName = itemLabel(t, scope, name, label, i + 1);
          return (
            <li key={i} className={styles.listItem}>
              <div className={styles.listItemHead}>
                <span className={styles.listActions}>
                  <button
                    type="button"
                    className={styles.iconButton}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                    aria-label={t('editor.form.moveUp', { item: itemName })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className={styles.iconButton}
                    disabled={i === items.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={t('editor.form.moveDown', { item: itemName })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className={styles.iconButton}
                    onClick={() => {
                      const next = items.filter((_, j) => j !== i);
                      onChange(path, next);
                    }}
                    aria-label={t('editor.form.remove', { item: itemName })}
                  >
                    ✕
                  </button>
                </span>
              </div>
              <Field
                schema={itemSchema.schema}
                root={itemSchema.root}
                name={String(i)}
                label={itemName}
                required
                value={item}
                path={[...path, i]}
                pointer={`${pointer}/${i}`}
                problems={problems}
                onChange={onChange}
              />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={styles.addButton}
        disabled={full}
        onClick={() => onChange(path, [...items, emptyValue(itemSchema.schema, itemSchema.root)])}
      >
        {t('editor.form.add', { label })}
      </button>
    </fieldset>
  );
}

/** An object of free keys to strings (the copy overrides): one row per key. */
function MapField({ label, value, path, pointer, problems, onChange, hint, messages, errorId, labelText }: FieldProps & Extra) {
  const t = useT();
  const entries = Object.entries(value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
  const [newKey, setNewKey] = useState('');
  const newKeyId = useId();
  return (
    <fieldset className={styles.group}>
      <legend>{labelText}</legend>
      {hint}
      <Messages id={errorId} messages={messages} />
      {entries.map(([key, text]) => {
        const id = fieldId(`${pointer}/${escapeSegment(key)}`);
        const itemMessages = problems.get(`${pointer}/${escapeSegment(key)}`);
        return (
          <div key={key} className={styles.field}>
            <label htmlFor={id}>{key}</label>
            <div className={styles.row}>
              <input
                id={id}
                className={styles.input}
                type="text"
                value={typeof text === 'string' ? text : ''}
                aria-invalid={itemMessages?.length ? true : undefined}
                onChange={(e) => onChange([...path, key], e.target.value)}
              />
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => onChange([...path, key], undefined)}
                aria-label={t('editor.form.remove', { item: key })}
              >
                ✕
              </button>
            </div>
            <Messages id={`${id}-error`} messages={itemMessages} />
          </div>
        );
      })}
      <div className={styles.row}>
        <label className={styles.srOnly} htmlFor={newKeyId}>
          {t('editor.form.newKey', { label })}
        </label>
        <input
          id={newKeyId}
          className={styles.input}
          type="text"
          value={newKey}
          placeholder={t('editor.form.newKey', { label })}
          onChange={(e) => setNewKey(e.target.value)}
        />
        <button
          type="button"
          className={styles.addButton}
          disabled={!newKey.trim()}
          onClick={() => {
            onChange([...path, newKey.trim()], '');
            setNewKey('');
          }}
        >
          {t('editor.form.addKey')}
        </button>
      </div>
    </fieldset>
  );
}

/** Anything the generator does not draw (anyOf, free objects): its JSON, applied when it parses. */
function JsonField({
  path,
  value,
  onChange,
  hint,
  messages,
  errorId,
  labelText,
  common,
}: FieldProps & Extra & { id: string; common: Record<string, unknown> }) {
  const t = useT();
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [bad, setBad] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={common.id as string}>{labelText}</label>
      <textarea
        {...common}
        className={`${styles.textarea} ${styles.code}`}
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          if (text.trim() === '') {
            setBad(false);
            onChange(path, undefined);
            return;
          }
          try {
            onChange(path, JSON.parse(text));
            setBad(false);
          } catch {
            setBad(true);
          }
        }}
      />
      {hint}
      <Messages id={errorId} messages={bad ? [t('editor.form.badJson'), ...(messages ?? [])] : messages} />
    </div>
  );
}
