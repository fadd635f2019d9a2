// The registry: every block folder's definition by type (blocks.generated.ts, written by `npm run gen`
// from the folders), and the loading of their code and validators.
import type { BlockValidators } from '#shared/page/resolve.ts';
import type { BlockPropsMap } from '#shared/generated/types.ts';
import type { ValidateFn } from '#shared/generated/validators.js';
import type { ComponentType } from 'react';
import type { BlockCode, BlockDefinition } from './define-block.ts';
import { definitions } from './blocks.generated.ts';

export type { BlockPropsMap };
export type BlockType = keyof BlockPropsMap;

/**
 * Each type with the definition of exactly its props (generated from the props schemas), so a lookup
 * by a resolved block's type pairs the component with those props. A block registered here without
 * a props schema, or a schema without a block, fails to type-check.
 */
export const blocks: { readonly [Type in BlockType]: BlockDefinition<BlockPropsMap[Type]> } = definitions;

/** What a type renders with. */
export interface BlockView<Props> {
  component: ComponentType<Props>;
}
type LoadedViews = { [Type in BlockType]?: BlockView<BlockPropsMap[Type]> };

/** The component of every type that is here: first-route blocks from the start, the others once loaded. */
const views: LoadedViews = {};
/**
 * The props validators loaded so far, the map resolvePage takes (a type absent here is an unknown
 * type to it): a lazy type's arrives with its component, a first-route type's when a layout the
 * server has not checked needs it (`loadBlockCode(types, { validators: true })`).
 */
const validators: Record<string, ValidateFn<unknown>> = {};
const loading = new Map<string, Promise<void>>();
let layoutValidator: ValidateFn<unknown> | null = null;

const accept = ((_data: unknown) => true) as ValidateFn<unknown>;
// A plain record of the same validator for every type: the generic map type cannot be spelled by
// Object.fromEntries, hence the cast in layoutChecks.
const ACCEPTING: Record<string, ValidateFn<unknown>> = Object.fromEntries(Object.keys(blocks).map((type) => [type, accept]));

/**
 * A block whose chunk did not load (network, a deploy replaced it) is left to its error boundary, as
 * a lazy component's failure always was: it renders by throwing the load error, so members lose
 * that block only (reported as `render failed: ...`) and an editor sees its placeholder.
 */
function unavailable<Props>(error: unknown): BlockCode<Props> {
  const failure = error instanceof Error ? error : new Error(String(error));
  return {
    validate: accept as ValidateFn<Props>,
    component: () => {
      throw failure;
    },
  };
}

function show<Type extends BlockType>(type: Type, component: ComponentType<BlockPropsMap[Type]>): void {
  (views as Record<Type, BlockView<BlockPropsMap[Type]>>)[type] = { component };
}

function settle<Type extends BlockType>(type: Type, code: BlockCode<BlockPropsMap[Type]>): void {
  show(type, code.component);
  validators[type] = code.validate;
}

/** Starts loading something (once per key); the promise never rejects. */
function once(key: string, load: () => Promise<void>): Promise<void> {
  let promise = loading.get(key);
  if (!promise) {
    promise = load();
    loading.set(key, promise);
  }
  return promise;
}

function startLazy<Type extends BlockType>(type: Type): Promise<void> | null {
  const definition: BlockDefinition<BlockPropsMap[Type]> = blocks[type];
  if (!definition.load) return null;
  const load = definition.load;
  return once(type, () =>
    load().then(
      (code) => settle(type, code),
      (error: unknown) => settle(type, unavailable<BlockPropsMap[Type]>(error)),
    ),
  );
}

/** A first-route type's validator; one that did not load accepts, leaving the block to render (or fail) as a lazy one would. */
function startValidator<Type extends BlockType>(type: Type): Promise<void> | null {
  const definition: BlockDefinition<BlockPropsMap[Type]> = blocks[type];
  if (!definition.loadValidate) return null;
  const loadValidate = definition.loadValidate;
  return once(`${type}#validate`, () =>
    loadValidate().then(
      (validate) => void (validators[type] = validate),
      () => void (validators[type] = accept),
    ),
  );
}

function startLayoutValidator(): Promise<void> {
  return once('#layout', () =>
    import('#shared/generated/validators/validateLayout.js').then(
      (module) => void (layoutValidator = module.validateLayout),
      (error: unknown) => {
        // Without the layout schema nothing can be resolved safely: every layout is then refused.
        const failure = error instanceof Error ? error.message : String(error);
        const refuse = ((_data: unknown) => false) as ValidateFn<unknown>;
        refuse.errors = [{ instancePath: '', keyword: 'unavailable', params: {}, message: `layout check did not load: ${failure}` }];
        layoutValidator = refuse;
      },
    ),
  );
}

/** First-route blocks: their component is in the entry chunk, here from the start. */
function settleEager<Type extends BlockType>(type: Type): void {
  const definition: BlockDefinition<BlockPropsMap[Type]> = blocks[type];
  if (!definition.load) show(type, definition.component);
}
for (const type of Object.keys(blocks) as BlockType[]) settleEager(type);

function isBlockType(type: string): type is BlockType {
  return Object.hasOwn(blocks, type);
}

/**
 * Starts loading what these block types need that is not here yet: the chunk (validator and
 * component) of each lazy type, and with `validators`, the layout validator and the first-route
 * types' validators too (a layout the server has not checked). Null when all of it is here (unknown
 * types are the resolver's to report), else a promise that settles when one of them is (the same
 * promise on every call while it loads, so a component can suspend on it with `use`), never rejecting.
 */
export function loadBlockCode(types: Iterable<string>, { validators: withValidators = false } = {}): Promise<void> | null {
  let pending: Promise<void> | null = null;
  if (withValidators && !layoutValidator) pending = startLayoutValidator();
  for (const type of types) {
    if (!isBlockType(type)) continue;
    // Every missing part starts now (all load side by side); the first one is waited on.
    let promise: Promise<void> | null = null;
    if (!views[type]) promise = startLazy(type);
    else if (withValidators && !validators[type]) promise = startValidator(type);
    pending ??= promise;
  }
  return pending;
}

/** Resolves once all of these types' code and validators are here (every type's when none are given): for tests and tools. */
export async function whenBlockCodeLoaded(types: Iterable<string> = Object.keys(blocks)): Promise<void> {
  const list = [...types];
  const options = { validators: true };
  for (let pending = loadBlockCode(list, options); pending; pending = loadBlockCode(list, options)) await pending;
}

/** The component of a type that is here (every type a resolved page has, since the page loads them first). */
export function blockView<Type extends BlockType>(type: Type): BlockView<BlockPropsMap[Type]> {
  const view = views[type];
  if (!view) throw new Error(`block type "${type}" is not loaded (loadBlockCode first)`);
  return view as BlockView<BlockPropsMap[Type]>;
}

/** The props validator of a type that is here with its validators (see `loadBlockCode`). */
export function blockValidator<Type extends BlockType>(type: Type): ValidateFn<BlockPropsMap[Type]> {
  const validate = validators[type];
  if (!validate) throw new Error(`block type "${type}" has no validator here (loadBlockCode with validators first)`);
  return validate as ValidateFn<BlockPropsMap[Type]>;
}

/**
 * What resolvePage checks a layout with. `checked` (the server checked this very layout): every
 * registered type accepts its props and the layout is taken as it is, so no validator is needed.
 * Otherwise the loaded validators: load the layout's types with `{ validators: true }` first, or the
 * resolver reports the types missing here as unknown.
 */
export function layoutChecks(checked: boolean): { validators: BlockValidators<BlockPropsMap>; validateLayout: ValidateFn<unknown> } {
  if (checked) return { validators: ACCEPTING as BlockValidators<BlockPropsMap>, validateLayout: accept };
  if (!layoutValidator) throw new Error('the layout validator is not loaded (loadBlockCode with validators first)');
  return { validators: validators as BlockValidators<BlockPropsMap>, validateLayout: layoutValidator };
}
