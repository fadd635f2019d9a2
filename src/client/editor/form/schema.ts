// The small part of JSON Schema the project's schemas use (draft-07: objects, arrays, enums, $ref
// to local definitions), read by the form generator. Anything else falls back to a JSON field.
import conditionSchema from '#schemas/condition.schema.json';
import mediaImageSchema from '#schemas/media-image.schema.json';
import { escapePointer } from '#shared/validation.ts';

export interface JsonSchema {
  $id?: string;
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  definitions?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  /** Editor hints: `forTypes`, the kinds of a part (its sibling `type`) that use this field. */
  'x-editor'?: { forTypes?: readonly string[] };
}

/**
 * Whether a field is for a part of this kind: a part (an object with a string `type`, such as a
 * banner's heading, text, button or carousel) shows only the fields its kind uses. A field that
 * holds a value shows anyway, so nothing is kept out of sight.
 */
export function fieldApplies(schema: JsonSchema, partType: string | undefined, value: unknown): boolean {
  const forTypes = schema['x-editor']?.forTypes;
  if (!forTypes || partType === undefined || forTypes.includes(partType)) return true;
  return !(value === undefined || value === '' || value === false);
}

/** Other files a schema may $ref by name. */
const EXTERNAL: Record<string, JsonSchema> = {
  'condition.schema.json': conditionSchema as JsonSchema,
  'media-image.schema.json': mediaImageSchema as JsonSchema,
};

/** An image field (drawn by ImageField: the media library's picker). */
export const isImageSchema = (schema: JsonSchema) => schema.$id === mediaImageSchema.$id;

/** The schema behind a $ref (local `#/definitions/X`, `#`, or a known file), with its own root. */
export function resolve(schema: JsonSchema, root: JsonSchema): { schema: JsonSchema; root: JsonSchema } {
  let current = schema;
  let currentRoot = root;
  for (let i = 0; i < 8 && current.$ref; i++) {
    const ref: string = current.$ref;
    const [file, fragment = ''] = ref.split('#');
    if (file) {
      const external = EXTERNAL[file.replace(/^(\.\.\/)+/, '')];
      if (!external) return { schema: {}, root: currentRoot };
      currentRoot = external;
    }
    const name = /^\/definitions\/(.+)$/.exec(fragment)?.[1];
    current = name ? (currentRoot.definitions?.[name] ?? {}) : currentRoot;
  }
  return { schema: current, root: currentRoot };
}

export function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.enum) return typeof schema.enum[0];
  return undefined;
}

/** "banner_text" -> "Banner text", "linkText" -> "Link text". */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A minimal value of a schema: what "Add" puts in a list or a new block's props. */
export function emptyValue(schema: JsonSchema, root: JsonSchema): unknown {
  const { schema: s, root: r } = resolve(schema, root);
  if (s.default !== undefined) return structuredClone(s.default);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of s.required ?? []) {
        const property = s.properties?.[name];
        if (property) value[name] = emptyValue(property, r);
      }
      return value;
    }
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'number':
    case 'integer':
      return s.minimum ?? 0;
    default:
      return '';
  }
}

/** JSON pointer segment. */
export const escapeSegment = (segment: string | number) => escapePointer(String(segment));

/** A DOM id for the field at a pointer (ids may not contain "/"). */
export const fieldId = (pointer: string) => `field${pointer.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`)}`;

/** Whether a string field holds HTML (its schema says so). */
export const isHtml = (schema: JsonSchema) => /\bHTML\b/.test(schema.description ?? '');

/** Which restaurants a restaurant row shows (SearchQueryField: the search page's own choices). */
export const isSearchQuery = (schema: JsonSchema) => /^Merchant search query string\b/.test(schema.description ?? '');
