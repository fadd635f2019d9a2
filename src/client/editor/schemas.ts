// The JSON Schemas the editor's forms are generated from: each CMS group's (schemas/cms/) and each
// block's props (registry/<type>/props.schema.json), read at build time. A block's name, its one
// line for editors and the page kinds it belongs on are its props schema's `x-editor`; its small
// picture is registry/<type>/picture.svg when it has one.
import type { CmsContentName } from '#shared/cms.ts';
import type { JsonSchema } from './form/schema.ts';

const CMS_SCHEMAS = import.meta.glob<JsonSchema>('/schemas/cms/*.schema.json', { eager: true, import: 'default' });
const PROPS_SCHEMAS = import.meta.glob<JsonSchema>('/registry/*/props.schema.json', { eager: true, import: 'default' });
const PICTURES = import.meta.glob<string>('/registry/*/picture.svg', { eager: true, query: '?url', import: 'default' });

/** The schema of an entry's fields (home and discover entries other than the layout are banners). */
export function entrySchema(group: CmsContentName): JsonSchema | null {
  const file = group === '*' ? 'global' : group === 'home' || group === 'discover' ? 'banner' : group;
  return CMS_SCHEMAS[`/schemas/cms/${file}.schema.json`] ?? null;
}

export interface BlockInfo {
  type: string;
  title: string;
  description: string;
  /** Page kinds the block belongs on (`home`, `discover`, `search`, ...). */
  pages: readonly string[];
  /** URL of its small picture for the palette, or null. */
  picture: string | null;
  schema: JsonSchema;
}

interface EditorWords {
  title?: string;
  description?: string;
  pages?: string[];
}

export const BLOCKS: ReadonlyMap<string, BlockInfo> = new Map(
  Object.entries(PROPS_SCHEMAS)
    .map(([path, schema]): BlockInfo => {
      const type = /^\/registry\/([^/]+)\//.exec(path)![1]!;
      const words = (schema as { 'x-editor'?: EditorWords })['x-editor'] ?? {};
      return {
        type,
        title: words.title ?? type,
        description: words.description ?? '',
        pages: words.pages ?? [],
        picture: PICTURES[`/registry/${type}/picture.svg`] ?? null,
        schema,
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title))
    .map((info) => [info.type, info]),
);
