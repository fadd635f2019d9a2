// The editor speaks the editor's language: no API paths, spec sections, file paths, identifiers or
// jargon in its copy, nor in the labels, help and choices it shows for any CMS group's or block's
// fields (the schemas' own descriptions are developer text and are never shown).
import { describe, expect, it } from 'vitest';
import copy from '../../../../partners/_base/copy.json';
import { CMS_CONTENT_NAMES } from '#shared/cms.ts';
import { format, type Translate } from '../copy.tsx';
import { BLOCKS, entrySchema } from '../schemas.ts';
import { resolve, typeOf, type JsonSchema } from './schema.ts';
import { fieldHelp, fieldLabel, itemLabel, optionLabel, scopeOf } from './words.ts';

const t: Translate = (key, vars) => format(copy as Record<string, string>, key, vars);

/** Developer talk: API paths, spec sections, files, snake_case or camelCase identifiers, jargon. */
const DEVELOPER_TALK =
  /\/api\/|§|\bspec\b|\.(json|tsx?|md)\b|partners\/|\b[a-z]+_[a-z_]+\b|\b[a-z]+[A-Z][a-zA-Z]*\b|\bCMS\b|\bJSON\b|\bslug\b|\bAPI\b|\bHTML\b/;
/** Format variables ({name}) are filled in before anyone reads the text. */
const readable = (text: string) => text.replace(/\{[a-zA-Z]+\}/g, '');

/** Every text a form of this schema shows: labels, help, list item names and choices. */
function shownTexts(schema: JsonSchema): Array<[string, string]> {
  const scope = scopeOf(schema);
  const texts: Array<[string, string]> = [];
  const walk = (raw: JsonSchema, root: JsonSchema, name: string, where: string, depth: number) => {
    const { schema: node, root: nodeRoot } = resolve(raw, root);
    if (depth > 8) return;
    if (name && !/^\d+$/.test(name)) {
      const label = fieldLabel(t, scope, name);
      texts.push([`${where} label`, label]);
      const help = fieldHelp(t, scope, name);
      if (help) texts.push([`${where} help`, help]);
      if (typeOf(node) === 'array') texts.push([`${where} item`, itemLabel(t, scope, name, label, 1)]);
    }
    const choices = node.enum ?? resolve(node.items ?? {}, nodeRoot).schema.enum;
    for (const value of choices ?? []) texts.push([`${where} choice ${String(value)}`, optionLabel(t, scope, name, value)]);
    for (const [key, property] of Object.entries(node.properties ?? {})) walk(property, nodeRoot, key, `${where}/${key}`, depth + 1);
    if (node.items) walk(node.items, nodeRoot, '0', `${where}/0`, depth + 1);
  };
  walk(schema, schema, '', scope || 'page', 0);
  return texts;
}

describe("the editor's words", () => {
  it('its copy has no developer talk', () => {
    const bad = Object.entries(copy as Record<string, string>)
      .filter(([key, text]) => key.startsWith('editor.') && DEVELOPER_TALK.test(readable(text)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(bad).toEqual([]);
  });

  const schemas: Array<[string, JsonSchema]> = [
    ...CMS_CONTENT_NAMES.map((group): [string, JsonSchema | null] => [`group ${group}`, entrySchema(group)]),
    ...[...BLOCKS.values()].map((block): [string, JsonSchema] => [`block ${block.type}`, block.schema]),
  ].filter((pair): pair is [string, JsonSchema] => pair[1] !== null);

  it.each(schemas)('%s: its form shows no developer talk', (_, schema) => {
    const bad = shownTexts(schema).filter(([, text]) => DEVELOPER_TALK.test(readable(text)));
    expect(bad).toEqual([]);
  });

  it('names the banner fields members see by what they are', () => {
    const banner = entrySchema('home')!;
    expect(scopeOf(banner)).toBe('banner');
    const texts = new Map(shownTexts(banner));
    expect(texts.get('banner/banner_text label')).toBe('Parts of the banner');
    expect(texts.get('banner/banner_text item')).toBe('Part 1');
    expect(texts.get('banner/banner_text/0/fields/text_mobile label')).toBe('Text on phones');
    expect(texts.get('banner/user_states choice card_member')).toBe('Card members');
  });
});
