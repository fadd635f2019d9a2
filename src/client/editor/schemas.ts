// The JSON Schemas the editor's forms are generated from: each CMS group's (schemas/cms/) and each
// block's props (registry/<type>/props.schema.json), read at build time. A block's name is the
// `title` its registry index.ts exports; the editor reads it from the source text so that it
// does not load the blocks' components.
import type { CmsContentName } from '#shared/cms.ts';
import type { JsonSchema } from './form/schema.ts';

const CMS_SCHEMAS = import.meta.glob<JsonSchema>('/schemas/cms/*.schema.json', { eager: true, import: 'default' });
const PROPS_SCHEMAS = import.meta.glob<JsonSchema>('/registry/*/props.schema.json', { eager: true, import: 'default' });
const BLOCK_SOURCES = import.meta.glob<string>('/registry/*/index.ts', { eager: true, query: '?raw', import: 'default' });

/** The schema of an entry's fields (home and discover entries other than the layout are banners). */
export function entrySchema(group: CmsContentName): JsonSchema | null {
  const file = group === '*' ? 'global' : group === 'home' || group === 'discover' ? 'banner' : group;
  return CMS_SCHEMAS[`/schemas/cms/${file}.schema.json`] ?? null;
}

export interface BlockInfo {
  type: string;
  title: string;
  description: string;
  schema: JsonSchema;
}

/** The `export const title = '...'` of a block's index.ts (kept out of the definition member pages load). */
function titleFromSource(source: string | undefined): string | null {
  return source ? (/\bexport const title = '((?:[^'\\]|\\.)*)'/.exec(source)?.[1] ?? null) : null;
}

export const BLOCKS: ReadonlyMap<string, BlockInfo> = new Map(
  Object.entries(PROPS_SCHEMAS)
    .map(([path, schema]): BlockInfo => {
      const type = /^\/registry\/([^/]+)\//.exec(path)![1]!;
      return {
        type,
        title: titleFromSource(BLOCK_SOURCES[`/registry/${type}/index.ts`]) ?? type,
        description: schema.description ?? '',
        schema,
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title))
    .map((info) => [info.type, info]),
);
