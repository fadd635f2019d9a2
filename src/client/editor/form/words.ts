// What a generated form calls its fields, in the editor's words: labels, help and choices come from
// the editor copy (`editor.field.*`, `editor.help.*`, `editor.option.*`, `editor.item.*`), first for
// the schema they belong to (its scope: `banner`, `global`, `block.merchant-carousel`), then for the
// field name anywhere. A schema's own `description` is the developers' text and is never shown.
import { createContext, useContext } from 'react';
import type { Translate } from '../copy.tsx';
import { BLOCKS } from '../schemas.ts';
import { humanise, type JsonSchema } from './schema.ts';
import { pointerKeys } from '#shared/validation.ts';

/** The scope of a form's schema: a CMS group's file name, `block.<type>`, or '' (page settings). */
export function scopeOf(schema: JsonSchema): string {
  const cms = /^cms\/([a-z0-9_]+)\.schema\.json$/.exec(schema.$id ?? '')?.[1];
  if (cms) return cms;
  for (const block of BLOCKS.values()) if (block.schema === schema) return `block.${block.type}`;
  return '';
}

export const ScopeContext = createContext('');
export const useScope = () => useContext(ScopeContext);

/** The first of these keys the copy has, else null. */
function first(t: Translate, keys: string[], vars?: Record<string, string | number>): string | null {
  for (const key of keys) {
    const text = t(key, vars);
    if (text !== key) return text;
  }
  return null;
}

/** Copy key names are camelCase words: `text_desktop` is `textDesktop`, `merchant-carousel` is `merchantCarousel`. */
const segment = (text: string) => text.replace(/[_-]([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
const key = (...parts: string[]) => parts.map((part) => part.split('.').map(segment).join('.')).join('.');

const keys = (kind: string, scope: string, name: string) =>
  (scope ? [key('editor', kind, scope, name)] : []).concat(key('editor', kind, name));

export function fieldLabel(t: Translate, scope: string, name: string): string {
  return first(t, keys('field', scope, name)) ?? humanise(name);
}

export function fieldHelp(t: Translate, scope: string, name: string): string | null {
  return name ? first(t, keys('help', scope, name)) : null;
}

/** An item of a list field: "Part 1" (`editor.item.*`), else the list's label and the number. */
export function itemLabel(t: Translate, scope: string, name: string, label: string, n: number): string {
  return first(t, keys('item', scope, name), { n }) ?? t('editor.form.item', { label, n });
}

export function optionLabel(t: Translate, scope: string, name: string, value: unknown): string {
  const text = String(value);
  return first(t, [...keys('option', scope, `${name}.${text}`), key('editor', 'option', text)]) ?? humanise(text);
}

/** A field's place in words, from its JSON pointer: "Part 3 › Content › Link to". */
export function pointerLabel(t: Translate, scope: string, pointer: string): string {
  const segments = pointerKeys(pointer);
  const words: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const name = segments[i]!;
    const next = segments[i + 1];
    if (/^\d+$/.test(name)) continue;
    if (next !== undefined && /^\d+$/.test(next)) {
      words.push(itemLabel(t, scope, name, fieldLabel(t, scope, name), Number(next) + 1));
      i++;
    } else words.push(fieldLabel(t, scope, name));
  }
  return words.join(' › ');
}
