// The page pipeline's pure half (DESIGN §2): raw layout -> migrated -> partner override applied ->
// validated -> per block: registry lookup, props validation, `when`, copy substitution.
// No React here, so it is unit-tested, property-tested and benchmarked on plain data.
import type { BlockInstance, PageLayout } from '../generated/types.ts';
import type { ValidateFn } from '../generated/validators.js';
import { evaluateCondition, type Visitor } from '../visitor.ts';
import { substitute, substituteDeep, type PlaceholderValues } from '../copy.ts';
import { escapePointer, problemsFrom, unescapePointer, type Problem } from '../validation.ts';
import { migrateLayout } from './migrations.ts';

/** Block type -> props validator. `Props` maps each type to its props (the registry's map). */
export type BlockValidators<Props = Record<string, unknown>> = { readonly [Type in keyof Props]: ValidateFn<Props[Type]> };

export interface ResolveInput<Props = Record<string, unknown>> {
  layout: unknown;
  /** Where the layout came from, for problem reports (file path or `cms:<partner>/<group>/<slug>`). */
  source: string;
  validators: BlockValidators<Props>;
  /**
   * The layout schema's validator (`validateLayout`). Passed in rather than imported, so member pages
   * whose layouts the server has already checked do without it in the first route's code.
   */
  validateLayout: ValidateFn<unknown>;
  visitor: Visitor;
  placeholders: PlaceholderValues;
}

/**
 * A block whose props passed its type's validator: `type` and `props` are paired, so a renderer that
 * looks the type up in the same map gets the component for exactly these props (no casts).
 */
export type ResolvedBlock<Props = Record<string, unknown>, Type extends keyof Props = keyof Props> = {
  [T in Type]: { status: 'ok'; id: string; type: T; props: Props[T] };
}[Type];

export interface FailedBlock {
  status: 'failed';
  id: string;
  type: string;
  problems: Problem[];
}

export interface ResolvedPage<Props = Record<string, unknown>> {
  title: string | null;
  /** Blocks in display order: renderable ones and the failed ones (shown only in preview). */
  blocks: Array<ResolvedBlock<Props> | FailedBlock>;
  /** Every problem found, page-level and per block. */
  problems: Problem[];
  /** False when the layout as a whole is unusable (not an object, bad order, ...). */
  ok: boolean;
}

// `*`, not `+`: "" is a (bad) block id too, and must cost only its own block.
const BLOCK_PATH = /^\/blocks\/([^/]*)(\/.*)?$/;

/**
 * The block with its validated props (placeholders filled), 'invalid' when the props do not fit its
 * type's schema, 'hidden' when its condition leaves this visitor out. Validation comes first, so a
 * broken block is reported whoever is looking; placeholders are filled only for blocks shown.
 */
function resolveBlock<Props, Type extends keyof Props>(
  validate: ValidateFn<Props[Type]>,
  id: string,
  type: Type,
  props: unknown,
  when: BlockInstance['when'],
  visitor: Visitor,
  placeholders: PlaceholderValues,
): ResolvedBlock<Props, Type> | 'invalid' | 'hidden' {
  if (!validate(props)) return 'invalid';
  if (when !== undefined && !evaluateCondition(when, visitor)) return 'hidden';
  const block: { status: 'ok'; id: string; type: Type; props: Props[Type] } = {
    status: 'ok',
    id,
    type,
    props: substituteDeep(props, placeholders),
  };
  return block;
}

/**
 * The block types a raw layout's page would validate and render: those of the blocks its `order`
 * places and that are not disabled, read before validation (any value is accepted; a broken layout
 * names fewer types). The client loads the code of these types before resolving.
 */
export function layoutBlockTypes(rawLayout: unknown): string[] {
  const layout = migrateLayout(rawLayout) as { blocks?: unknown; order?: unknown } | null;
  if (typeof layout !== 'object' || layout === null) return [];
  const { blocks, order } = layout;
  if (typeof blocks !== 'object' || blocks === null || !Array.isArray(order)) return [];
  const types = new Set<string>();
  for (const id of order) {
    if (typeof id !== 'string' || !Object.hasOwn(blocks, id)) continue;
    const block = (blocks as Record<string, unknown>)[id] as { type?: unknown; disabled?: unknown } | null;
    if (typeof block === 'object' && block !== null && typeof block.type === 'string' && !block.disabled) types.add(block.type);
  }
  return [...types];
}

export function resolvePage<Props = Record<string, unknown>>(input: ResolveInput<Props>): ResolvedPage<Props> {
  const { source, validators, validateLayout, visitor, placeholders } = input;
  const raw = migrateLayout(input.layout);
  const isBlockType = (type: string): type is Extract<keyof Props, string> => Object.hasOwn(validators, type);

  // Structural problems inside one block instance only cost that block; anything else costs the page.
  const brokenBlocks = new Map<string, Problem[]>();
  if (!validateLayout(raw)) {
    // A repeated id in `order` costs only the repeat (reported in the loop below), not the page.
    const errors = (validateLayout.errors ?? []).filter((e) => !(e.keyword === 'uniqueItems' && e.instancePath === '/order'));
    const problems = errors.length ? problemsFrom(source, errors) : [];
    const pageLevel = problems.filter((p) => !BLOCK_PATH.test(p.pointer));
    const blocksObject = (raw as { blocks?: unknown } | null)?.blocks;
    if (pageLevel.length || typeof blocksObject !== 'object' || blocksObject === null) {
      return { title: null, blocks: [], problems, ok: false };
    }
    for (const p of problems) {
      const id = unescapePointer(BLOCK_PATH.exec(p.pointer)![1]!);
      brokenBlocks.set(id, [...(brokenBlocks.get(id) ?? []), p]);
    }
  }
  const layout = raw as PageLayout;
  const problems: Problem[] = [...brokenBlocks.values()].flat();
  const blocks: ResolvedPage<Props>['blocks'] = [];

  const placed = new Map<string, number>();
  const { order } = layout;
  for (let index = 0; index < order.length; index++) {
    const id = order[index]!;
    const first = placed.get(id);
    if (first !== undefined) {
      // No second entry: ids key the rendered blocks, so a repeat must not become a block of its own.
      problems.push({ source, pointer: `/order/${index}`, message: `block "${id}" is already placed at /order/${first}` });
      continue;
    }
    placed.set(id, index);
    const instance: BlockInstance | undefined = Object.hasOwn(layout.blocks, id) ? layout.blocks[id] : undefined;
    if (!instance) {
      const problem = { source, pointer: `/order/${index}`, message: `no block with id "${id}"` };
      problems.push(problem);
      blocks.push({ status: 'failed', id, type: 'unknown', problems: [problem] });
      continue;
    }
    const type = typeof instance.type === 'string' ? instance.type : 'unknown';
    const broken = brokenBlocks.size ? brokenBlocks.get(id) : undefined;
    if (broken) {
      blocks.push({ status: 'failed', id, type, problems: broken });
      continue;
    }
    if (instance.disabled) continue;
    if (!isBlockType(type)) {
      const problem = { source, pointer: `/blocks/${escapePointer(id)}/type`, message: `unknown block type "${type}"` };
      problems.push(problem);
      blocks.push({ status: 'failed', id, type, problems: [problem] });
      continue;
    }
    const validate = validators[type];
    const block = resolveBlock<Props, typeof type>(validate, id, type, instance.props ?? {}, instance.when, visitor, placeholders);
    if (block === 'invalid') {
      const blockProblems = problemsFrom(source, validate.errors, `/blocks/${escapePointer(id)}/props`);
      problems.push(...blockProblems);
      blocks.push({ status: 'failed', id, type, problems: blockProblems });
      continue;
    }
    if (block !== 'hidden') blocks.push(block);
  }

  const title = typeof layout.title === 'string' ? substitute(layout.title, placeholders) : null;
  return { title, blocks, problems, ok: true };
}
